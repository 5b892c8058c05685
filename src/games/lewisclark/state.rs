//! The state of a game of Lewis & Clark: per-seat expeditions, the village, the journal and the
//! deck, the turn and the action in progress. Heap-free and `Clone` by memcpy.

use serde::Serialize;

use super::data::{self, BASE_CAPACITY, FORT, KINDS, MAX_PLAYERS, NONE, SLOTS};

crate::choice! {
    /// How many Powwow Indians the Interpreter may take (option `interpreter_take`, D12).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
    pub enum InterpreterTake {
        /// Any number (default).
        #[default]
        Any = "any",
        /// At most the action's strength (1 for a copy).
        Strength = "strength",
    }
}

crate::choice! {
    /// How collects and overflowing gains work (option `gains`, R10, R11, D35).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
    pub enum Gains {
        /// A collect takes 0 to badges(K); an overflowing gain returns the excess of the seat's choice.
        #[default]
        Published = "published",
        /// A collect takes all; units beyond capacity are lost.
        Forced = "forced",
    }
}

crate::game_options! {
    /// The options (spec "Options"); `Default` is the BGA base game as reconstructed by the spec.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct Config {
        /// `interpreter_take`: `any` (default) or `strength` (D12).
        pub interpreter_take: InterpreterTake = choice("any"),
            "how many Powwow Indians the Interpreter may take";
        /// `recruit_trade_in`: a hand card may pay part of a recruitment's equipment (D17; default on).
        pub recruit_trade_in: bool = boolean(true), "a hand card may pay part of a recruitment's equipment";
        /// `camp_retreat`: the camp marker follows the scout backwards (D18; default on).
        pub camp_retreat: bool = boolean(true), "the camp marker follows the scout backwards";
        /// `max_rounds`: the time-out in rounds, 1–1000 (D30; default 200).
        pub max_rounds: u16 = int(1..=1000, 200), "the time-out";
        /// `gains`: `published` (default) or `forced` (R10, R11, D35).
        pub gains: Gains = choice("published"),
            "collect any amount and return overflow, or take all and lose the excess";
        /// `bottom_reset`: a camp on −5 resets the expedition (D36; default off).
        pub bottom_reset: bool = boolean(false), "a camp on -5 resets the expedition";
    }
}

/// A decision of the seat to move (spec "Actions"). Cards are card ids (see [`data`]), kinds
/// 0–5 (E F W Fd C H), locations 0–7 (village order), slots 1–5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Action {
    /// Play a card from the hand (R5).
    Play(u8),
    /// Send `k` Indians to a location (R17).
    Send(u8, u8),
    /// Recruit the card of a journal slot (R27).
    Recruit(u8),
    /// Make camp (R31).
    Camp,
    /// End the turn (R2, R3).
    EndTurn,
    /// Power without a support card (R5).
    NoSupport,
    /// Power with this hand card as support (R5).
    Support(u8),
    /// Put `k` Indians on the played card (R5).
    Indians(u8),
    /// Pay the recruitment's equipment in full (R27).
    NoTradeIn,
    /// Trade this hand card in for its strength in equipment (R27, D17).
    TradeIn(u8),
    /// An effect alternative, 1-based (Captain, e11, e32, e41, e47, upgrade tile).
    Choose(u8),
    /// Gain one unit of a kind / choose a kind (R10, R11).
    Take(u8),
    /// Stop an optional gain or Farewell's discards.
    Done,
    /// Collect this many units (R11, `gains = published`).
    Amount(u8),
    /// Return one unit of a kind after an overflowing gain (R10, D35).
    Return(u8),
    /// Pay one unit of a kind (R9).
    Pay(u8),
    /// Choose a location (e15, e53; R24).
    Location(u8),
    /// Choose a copy target (R22).
    Target(u8),
    /// Take the card of a journal slot (e14).
    TakeCard(u8),
    /// Take `k` Indians from the Powwow (R23).
    TakeIndians(u8),
    /// Discard a hand card out of the game (R20).
    Discard(u8),
}

/// What a move counts (R12): its `n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Count {
    /// A printed number.
    Fixed(u8),
    /// badges(Fd) (e29).
    BadgesFd,
    /// badges(E) (e33).
    BadgesE,
    /// ⌊resources / 2⌋ (e44).
    HalfResources,
    /// ⌊resources / 3⌋ (e51).
    ThirdResources,
    /// 1 + other scouts on spaces ≥ your camp (e30, e52).
    ScoutsAhead,
    /// Indians on your boats (e31).
    BoatIndians,
    /// Active cards in your play area (e45).
    Active,
    /// Indians in the village (e46).
    Village,
}

/// Which alternatives a `Choose` offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Choice {
    /// The Captain: 1 Fd river 2, 1 C river 4, 1 H mountain 2.
    Captain,
    /// e11 after its food: river 1 or mountain 1.
    Newman,
    /// e32 after its horse: river 3 or mountain 3.
    Mackay,
    /// e41: C → H or H → C.
    Cameahwait,
    /// e47 after its payment: river 6 or mountain 6.
    OldToby,
    /// The four boat tile choices (R21).
    Tile,
}

/// One step of the repetition in progress: automatic steps run inside `apply`; decision steps
/// wait for the seat's action. The stack's top is the next step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Op {
    /// Pay `n` of a fixed kind from spendable resources (R7, R9).
    Pay(u8, u8),
    /// Move `n` spendable Indians from the boats to the Powwow.
    Powwow(u8),
    /// Gain `n` of a kind (R10).
    Gain(u8, u8),
    /// After a gain: return the excess under `gains = published` (R10, D35).
    Overflow,
    /// A river (`false`) or mountain (`true`) move (R13, R14).
    Move(bool, Count),
    /// The Interpreter's first step: the village's Indians go to the Powwow (R23).
    Gather,
    /// The Interpreter's last steps: the newcomer, then journal slot 1 discarded (R23).
    Newcomer,
    /// Farewell's journal refresh (R20).
    Refresh,
    /// e14: the card of a slot (1-based) joins the hand, the journal slides and refills (R28).
    Slide(u8),
    /// Decision: an alternative.
    Choose(Choice),
    /// Decision: pay `n` any, kinds from `min` on (non-decreasing).
    PayAny(u8, u8),
    /// Decision: pay `n` different, kinds from `min` on (strictly increasing).
    PayDiff(u8, u8),
    /// Decision: gain `n` units chosen one by one from `mask`, kinds from `min` on; `strict`:
    /// strictly increasing; `optional`: `Done` allowed.
    Take { n: u8, min: u8, mask: u8, strict: bool, optional: bool },
    /// Decision: choose one kind of `mask` and gain `n` of it (Gift, Little Raven).
    GainKind(u8, u8),
    /// Decision: choose the kind of a collect among `mask` (R11).
    Collect(u8),
    /// Decision: collect amount 0..=max of a kind (R11).
    Amount(u8, u8),
    /// Decision: return `n` units, kinds from `min` on (D35).
    Return(u8, u8),
    /// Decision: a location (e15 if `occupied`, else e53).
    Location(bool),
    /// Decision: a copy target (R22).
    Target,
    /// Decision: a journal slot to take (e14).
    TakeCard,
    /// Decision: Indians to take from the Powwow, at most `max` (R23).
    TakeIndians(u8),
    /// Decision: discard up to `n` more hand cards, from card `min` on (R20).
    Discard(u8, u8),
}

/// The step of the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Phase {
    /// Choosing the action, a recruitment, a camp or the end of the turn (R2).
    Turn,
    /// After `Play(card)`: the support (R5).
    Power1(u8),
    /// After the support (`NONE` for none): the Indians (R5).
    Power2(u8, u8),
    /// After `Recruit(slot)`: the trade-in (R27).
    TradeIn(u8),
    /// An action in progress: the top of the op stack is a decision.
    Action,
    /// The game is over.
    Over,
}

/// The source of the action's repetitions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Source {
    /// No action in progress.
    None,
    /// A played card.
    Card(u8),
    /// An Indian action at a location (index).
    Loc(u8),
}

/// One seat's expedition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Expedition {
    /// Cards in hand (bit = card id).
    pub hand: u128,
    /// Active cards in the play area.
    pub active: u128,
    /// Support cards in the play area.
    pub supports: u128,
    /// Indians standing on the seat's cards.
    pub on_cards: u8,
    /// Indians on the boats.
    pub indians: u8,
    /// Resources on the boats by kind.
    pub res: [u8; KINDS],
    /// Boat tiles: small resource, big resource, small Indian, big Indian.
    pub tiles: [u8; 4],
    /// Scout space.
    pub scout: i16,
    /// Camp marker space.
    pub camp: i16,
    /// Statistics: camps made, recruitments, cards removed by Farewell or trade-in.
    pub camps: u16,
    /// Recruitments made.
    pub recruits: u16,
    /// Cards removed by Farewell or trade-in.
    pub trashed: u16,
    /// Spaces advanced during actions (bumps included).
    pub spaces_moved: u16,
    /// Spaces lost at camps (bumps included).
    pub spaces_lost: u16,
}

impl Expedition {
    /// Resources held, all kinds.
    pub fn total(&self) -> u8 {
        self.res.iter().sum()
    }

    /// Resource capacity: 11 + 2 per small and 5 per big resource tile.
    pub fn capacity(&self) -> u8 {
        BASE_CAPACITY + 2 * self.tiles[0] + 5 * self.tiles[1]
    }

    /// The camp penalty of resources and boat Indians with automatic packing (R26, D10).
    pub fn penalty(&self) -> u8 {
        let res = packed(self.total(), 3 + 2 * self.tiles[0], self.tiles[1], 5, true);
        let ind = packed(self.indians, 1 + self.tiles[2], self.tiles[3], 3, false);
        res + ind
    }
}

/// The greedy packing of D10: `free` units ride free, then each of `big` flat boats of `cap`
/// (then R2, flat 3, if `r2`) costs 1 when used, the rest 1 each.
fn packed(held: u8, free: u8, big: u8, cap: u8, r2: bool) -> u8 {
    let mut r = i16::from(held) - i16::from(free);
    let mut pen = 0;
    for _ in 0..big {
        if r > 0 {
            r -= i16::from(cap);
            pen += 1;
        }
    }
    if r2 && r > 0 {
        r -= 3;
        pen += 1;
    }
    pen + r.max(0) as u8
}

/// The action in progress (spec "Implementation notes": per-action context).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Ctx {
    /// Where the repetitions come from.
    pub source: Source,
    /// The action's strength (Send: the number of Indians).
    pub strength: u8,
    /// Repetitions still to start.
    pub reps_left: u8,
    /// Resources gained by this action, by kind (R7).
    pub gained: [u8; KINDS],
    /// Indians gained by this action (R7).
    pub gained_indians: u8,
    /// Whether the scout moved (R15).
    pub moved: bool,
    /// Whether Jarrot's (e36) bonus was used (R14, D22).
    pub jarrot_used: bool,
    /// Whether Cut Nose's (e54) bonus was used.
    pub cut_nose_used: bool,
    /// The scout's space when the action began.
    pub start: i16,
    /// A repetition failed (only in completion searches, R8).
    pub failed: bool,
}

impl Ctx {
    /// No action in progress.
    pub const IDLE: Ctx = Ctx {
        source: Source::None,
        strength: 0,
        reps_left: 0,
        gained: [0; KINDS],
        gained_indians: 0,
        moved: false,
        jarrot_used: false,
        cut_nose_used: false,
        start: 0,
        failed: false,
    };
}

/// The op stack's size: a repetition needs at most about 8 pending steps (e53 → Shamanism →
/// a target with its own choice and payment).
pub const STACK: usize = 16;

/// Why the game ended (game label `end`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum End {
    /// Still going.
    NotYet,
    /// A camp reached the fort (R32).
    Fort,
    /// Time-out (R33).
    TimeOut,
}

/// A game of Lewis & Clark. All of it is public (D4).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct LewisClark {
    /// The options.
    #[serde(skip)]
    pub config: Config,
    /// Number of seats.
    pub n: u8,
    /// The expeditions, seats `0..n`.
    pub seats: [Expedition; MAX_PLAYERS],
    /// Indians on the eight action locations.
    pub village: [u8; 8],
    /// Indians in the Powwow.
    pub powwow: u8,
    /// Indians in the supply.
    pub indian_supply: u8,
    /// Boat tiles in the supply: resource, Indian.
    pub tile_supply: [u8; 2],
    /// Journal slots 1–5 (index 0 = slot 1), `NONE` when empty.
    pub journal: [u8; SLOTS],
    /// Encounter cards in the deck (bit `i` = `e(i+1)`), unordered (D4, D16).
    pub deck: u64,
    /// The journal discard pile (same bits).
    pub discard: u64,
    /// Cards removed from the game (card ids).
    pub removed: u128,
    /// Whether the discard pile ever became the deck (label `deck_reshuffled`).
    pub reshuffled: bool,
    /// The round, from 1.
    pub round: u16,
    /// Turns started, from 1.
    pub turn: u32,
    /// The seat whose turn it is.
    pub current: u8,
    /// This turn's action is done.
    pub acted: bool,
    /// This turn's recruitment is done.
    pub recruited: bool,
    /// This turn's camp is done.
    pub camped: bool,
    /// The turn step.
    pub phase: Phase,
    /// The action in progress.
    pub ctx: Ctx,
    /// The repetition's pending steps (top = last).
    pub stack: [Op; STACK],
    /// Entries used in `stack`.
    pub depth: u8,
    /// How the game ended.
    pub end: End,
    /// Winners (bit per seat) once over.
    pub winners: u8,
}

impl LewisClark {
    /// The seats as a range.
    pub fn seat_range(&self) -> std::ops::Range<usize> {
        0..self.n as usize
    }

    /// The acting seat's expedition.
    pub fn me(&self) -> &Expedition {
        &self.seats[self.current as usize]
    }

    /// The acting seat's expedition, mutably.
    pub fn me_mut(&mut self) -> &mut Expedition {
        &mut self.seats[self.current as usize]
    }

    /// Indians in the village: action locations plus the Powwow (R12).
    pub fn village_indians(&self) -> u8 {
        self.village.iter().sum::<u8>() + self.powwow
    }

    /// Whether card `card` (a number, 1–54) is active in `seat`'s play area.
    pub fn has_active(&self, seat: usize, n: u8) -> bool {
        self.seats[seat].active >> data::enc(n) & 1 == 1
    }

    /// Whether another seat's scout stands on `space`.
    pub fn other_scout_on(&self, seat: usize, space: i16) -> bool {
        self.seat_range().any(|s| s != seat && self.seats[s].scout == space)
    }

    /// Whether the game has been won at the fort.
    pub fn at_fort(&self) -> bool {
        self.end == End::Fort
    }

    /// Whether any camp is at the fort or beyond.
    pub fn fort_reached(&self) -> bool {
        self.seat_range().any(|s| self.seats[s].camp >= FORT)
    }

    /// Cards in the journal.
    pub fn journal_len(&self) -> usize {
        self.journal.iter().filter(|&&c| c != NONE).count()
    }
}
