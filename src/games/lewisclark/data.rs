//! Component data of Lewis & Clark (spec "Components and data"; data version [`DATA_VERSION`]):
//! the route's terrain, the resource kinds, the village, the 30 starting and 54 encounter cards
//! (strength and badge; effects are in `effects.rs`), and the boat and Indian counts.
//!
//! Card ids (spec "Notation", card order): starting card of seat `s` and role `r` is `6s + r`
//! (0–29, roles in [`ROLES`] order), encounter card `eNN` is `29 + NN` (30–83).

/// The data version of the spec's tables (spec "Data version").
pub const DATA_VERSION: &str = "lc-base-sd e9e9a7a-l1 813b66f";

/// Most seats (D1).
pub const MAX_PLAYERS: usize = 5;
/// Fewest seats (D1: no solo).
pub const MIN_PLAYERS: usize = 2;
/// Number of cards (30 starting + 54 encounter).
pub const NUM_CARDS: usize = 84;
/// Encounter cards.
pub const NUM_ENCOUNTERS: usize = 54;
/// Id of the first encounter card (`e01`).
pub const FIRST_ENCOUNTER: u8 = 30;
/// "No card" in a journal slot or a support.
pub const NONE: u8 = u8::MAX;

/// The bottom of the track (−5).
pub const BOTTOM: i16 = -5;
/// Fort Clatsop: a camp here or beyond wins (R32).
pub const FORT: i16 = 39;

/// Resource kinds in canonical order: `E`, `F`, `W`, `Fd` (primary), `C`, `H` (transformed).
pub const E: usize = 0;
/// Fur.
pub const F: usize = 1;
/// Wood.
pub const W: usize = 2;
/// Food.
pub const FD: usize = 3;
/// Canoe.
pub const C: usize = 4;
/// Horse.
pub const H: usize = 5;
/// The six kinds.
pub const KINDS: usize = 6;
/// Short names of the kinds, for display and action names.
pub const KIND_NAMES: [&str; KINDS] = ["E", "F", "W", "Fd", "C", "H"];
/// Bit mask of the four primary kinds.
pub const PRIMARY: u8 = 0b1111;

/// Terrain of a route space (spec "Route").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Terrain {
    /// River (`R`).
    River,
    /// Mountain (`M`).
    Mountain,
    /// Mixed (`X`): both.
    Mixed,
}

/// The terrain of `space` (D2): −5…17 river, 18 mixed, 19–25 mountain, 26 mixed, 27–31 river,
/// 32–34 mountain, 35 and beyond river (39 is the fort, 40+ the Pacific).
pub fn terrain(space: i16) -> Terrain {
    match space {
        18 | 26 => Terrain::Mixed,
        19..=25 | 32..=34 => Terrain::Mountain,
        _ => Terrain::River,
    }
}

/// Whether a step of a river move (`mountain = false`) or a mountain move may enter `space` (R13).
pub fn step_allowed(space: i16, mountain: bool) -> bool {
    match terrain(space) {
        Terrain::Mixed => true,
        Terrain::River => !mountain,
        Terrain::Mountain => mountain,
    }
}

/// The starting roles, in card order (spec "Starting cards").
pub const ROLES: [&str; 6] = ["captain", "interpreter", "lumberjack", "hunter", "blacksmith", "trapper"];
/// Role index of the Captain.
pub const CAPTAIN: u8 = 0;
/// Role index of the Interpreter.
pub const INTERPRETER: u8 = 1;
/// Role strengths: the Interpreter 2, the others 1.
const ROLE_STRENGTH: [u8; 6] = [1, 2, 1, 1, 1, 1];
/// Role badges: captain F, interpreter W, lumberjack W, hunter Fd, blacksmith E, trapper F.
const ROLE_BADGE: [u8; 6] = [F as u8, W as u8, W as u8, FD as u8, E as u8, F as u8];
/// Names of the starting sets by role (rows) and seat (columns).
const STARTING_NAMES: [[&str; 5]; 6] = [
    ["Meriwether Lewis", "William Clark", "John Ordway", "Nathaniel Pryor", "Charles Floyd"],
    ["Pierre Cruzatte", "François Labiche", "Robert Frazer", "George Gibson", "J. Baptiste Lepage"],
    ["Hugh McNeal", "John B. Thompson", "Thomas P. Howard", "Patrick Gass", "Hugh Hall"],
    ["Seaman", "York", "Silas Goodrich", "John Colter", "William Werner"],
    ["Alexander H. Willard", "Joseph Whitehouse", "John Shields", "William Bratton", "John Potts"],
    ["Richard Windsor", "Joseph & Ruben Field", "George Shannon", "Peter Weiser", "John Collins"],
];

/// Badges of `e01`…`e54` (spec "Encounter cards").
const ENCOUNTER_BADGE: [u8; NUM_ENCOUNTERS] = {
    const EE: u8 = E as u8;
    const FF: u8 = F as u8;
    const WW: u8 = W as u8;
    const DD: u8 = FD as u8;
    [
        WW, WW, EE, FF, FF, FF, FF, WW, FF, DD, WW, EE, EE, FF, WW, DD, WW, DD, // 1–18
        FF, EE, DD, FF, WW, FF, WW, FF, WW, WW, WW, EE, FF, DD, FF, EE, DD, DD, // 19–36
        EE, DD, WW, WW, FF, DD, EE, EE, FF, WW, FF, FF, EE, WW, WW, DD, WW, FF, // 37–54
    ]
};

/// Names of `e01`…`e54`.
const ENCOUNTER_NAMES: [&str; NUM_ENCOUNTERS] = [
    "Hay",
    "Little Raven",
    "Buffalo Medicine",
    "Ebenezer Tuttle",
    "René Jessaume",
    "Big Horse",
    "Moses B. Reed",
    "John Robertson",
    "Joseph Barter",
    "J. Baptiste Deschamps",
    "John Newman",
    "Charles Mackenzie",
    "John Dame",
    "Cuscalar",
    "Toussaint Charbonneau",
    "François-Antoine Larocque",
    "Joseph Gravelines",
    "John Boley",
    "John Hay",
    "Big White",
    "Dickson & Hancock",
    "Black Moccasin",
    "Yellept",
    "P. Antoine Tabeau",
    "Three Eagles",
    "Hawk's Feather",
    "Man Crow",
    "Cutssahnem",
    "Black Buffalo",
    "Half Man",
    "Richard Warfington",
    "James Mackay",
    "Weuche",
    "Pierre Dorion",
    "The Partisan",
    "Nicholas Jarrot",
    "Régis Loisel",
    "Hugh Heney",
    "Black Cat",
    "Twisted Hair",
    "Cameahwait",
    "Broken Arm",
    "Comcomly",
    "Little Thief",
    "Watkuweis",
    "Daniel Boone",
    "Old Toby",
    "Coboway",
    "Crow at Rest",
    "George Drouillard",
    "Tetoharsky",
    "One Eye",
    "Sacagawea",
    "Cut Nose",
];

/// The id of encounter card `eNN` (`n` in 1..=54).
pub const fn enc(n: u8) -> u8 {
    FIRST_ENCOUNTER - 1 + n
}

/// The id of seat `seat`'s starting card of role `role`.
pub const fn starting(seat: usize, role: u8) -> u8 {
    (seat * 6) as u8 + role
}

/// The encounter number (1–54) of a card, or `None` for a starting card.
pub fn number(card: u8) -> Option<u8> {
    (card >= FIRST_ENCOUNTER).then(|| card - FIRST_ENCOUNTER + 1)
}

/// The role (0–5) of a starting card, or `None` for an encounter card.
pub fn role(card: u8) -> Option<u8> {
    (card < FIRST_ENCOUNTER).then_some(card % 6)
}

/// A card's strength, 1–3 (encounters: 1 for 1–18, 2 for 19–36, 3 for 37–54).
pub fn strength(card: u8) -> u8 {
    match number(card) {
        Some(n) => (n - 1) / 18 + 1,
        None => ROLE_STRENGTH[(card % 6) as usize],
    }
}

/// Cards of strength 3: `e37`…`e54`.
const STRENGTH_3: u128 = ((1 << 18) - 1) << enc(37);
/// Cards of strength 2 or more: the five Interpreters and `e19`…`e54`.
const STRENGTH_2_UP: u128 = ((1 << 36) - 1) << enc(19) | 0b10_0000_1000_0010_0000_1000_0010;

/// The strongest strength among the cards of `set` (bit = card id), 0 for an empty set: what
/// [`strength`] gives at most over the set, without iterating it.
pub fn max_strength(set: u128) -> u8 {
    if set & STRENGTH_3 != 0 {
        3
    } else if set & STRENGTH_2_UP != 0 {
        2
    } else {
        u8::from(set != 0)
    }
}

/// A card's badge kind (E, F, W or Fd).
pub fn badge(card: u8) -> usize {
    usize::from(match number(card) {
        Some(n) => ENCOUNTER_BADGE[(n - 1) as usize],
        None => ROLE_BADGE[(card % 6) as usize],
    })
}

/// The strengths present in `set`: bit `s` for strength `s` (1–3).
pub fn strengths(set: u128) -> u8 {
    u8::from(set & !STRENGTH_2_UP != 0) << 1
        | u8::from(set & STRENGTH_2_UP & !STRENGTH_3 != 0) << 2
        | u8::from(set & STRENGTH_3 != 0) << 3
}

/// A card's name.
pub fn name(card: u8) -> &'static str {
    match number(card) {
        Some(n) => ENCOUNTER_NAMES[(n - 1) as usize],
        None => STARTING_NAMES[(card % 6) as usize][(card / 6) as usize],
    }
}

/// Writes a card's short id: `s0_captain` or `e07`.
pub fn write_id(card: u8, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
    match number(card) {
        Some(n) => write!(f, "e{n:02}"),
        None => write!(f, "s{}_{}", card / 6, ROLES[(card % 6) as usize]),
    }
}

/// The passive cards (R14, e17, e18): played for no effect, they work while active.
pub fn is_passive(card: u8) -> bool {
    matches!(number(card), Some(16 | 17 | 18 | 36 | 54))
}

/// Cards that are never copy targets (D24): passive ones and e15, e35, e53.
pub fn is_copyable(card: u8) -> bool {
    !is_passive(card) && !matches!(number(card), Some(15 | 35 | 53))
}

/// Village action locations, in location order (spec "Village").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Loc {
    /// Hunting: gain 1 Fd, then 1 F.
    Hunt,
    /// Craftsmanship: gain 1 E, then 1 W.
    Craft,
    /// Gift: 2 F or 2 W.
    Gift,
    /// Farewell: discard up to 3 hand cards, refresh the journal (R20).
    Farewell,
    /// Shamanism: copy a card for 1 Fd (R22).
    Shaman,
    /// Expedition upgrade: 3 W for a boat tile (R21).
    Upgrade,
    /// Canoe building: 2 W for a canoe.
    Canoe,
    /// Horse trading: 3 different for a horse.
    Horse,
}

/// The eight action locations.
pub const LOCS: [Loc; 8] =
    [Loc::Hunt, Loc::Craft, Loc::Gift, Loc::Farewell, Loc::Shaman, Loc::Upgrade, Loc::Canoe, Loc::Horse];
/// Location ids for display.
pub const LOC_NAMES: [&str; 8] = ["hunt", "craft", "gift", "farewell", "shaman", "upgrade", "canoe", "horse"];

/// A location's capacity (`u8::MAX`: unlimited).
pub fn capacity(loc: Loc) -> u8 {
    match loc {
        Loc::Upgrade => 2,
        Loc::Canoe | Loc::Horse => u8::MAX,
        _ => 1,
    }
}

/// Indian figures in the box (D13).
pub const INDIANS: u8 = 18;
/// Boat tiles of each kind in the supply at setup (D15).
pub const TILES_PER_KIND: u8 = 6;
/// Journal slots.
pub const SLOTS: usize = 5;
/// Resource capacity of the printed boats (R1 3 + R2 3 + R3 5).
pub const BASE_CAPACITY: u8 = 11;
