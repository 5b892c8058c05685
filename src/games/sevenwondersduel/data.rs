//! The component data of 7 Wonders Duel (spec "Components and data"), data version
//! [`DATA_VERSION`]: the 73 building cards, the 12 wonders and the 10 progress tokens, each as
//! one table indexed by its id. Resource strings use the spec's notation (`"CC G"` = two clay and
//! one glass) and are parsed at compile time.

use crate::const_text::same;

/// The spec's data version (IND `objects.cpp` at 01ed7a5 and BGA `Material.php` at 412d849).
pub const DATA_VERSION: &str = "swd-base-ind01ed7a5-bga412d849";

/// Resource indices: wood, clay, stone (brown, raw materials), glass, papyrus (grey, goods).
pub const WOOD: usize = 0;
/// Clay.
pub const CLAY: usize = 1;
/// Stone.
pub const STONE: usize = 2;
/// Glass.
pub const GLASS: usize = 3;
/// Papyrus.
pub const PAPYRUS: usize = 4;
/// Resource letters by index, as the spec writes them.
pub const RESOURCE_LETTERS: [char; 5] = ['W', 'C', 'S', 'G', 'P'];

/// Units of each resource, indexed by [`WOOD`]..[`PAPYRUS`].
pub type Resources = [u8; 5];

/// Parses the spec's resource notation (`"WW CCC"`, spaces ignored) at compile time.
const fn res(s: &str) -> Resources {
    let b = s.as_bytes();
    let mut r = [0u8; 5];
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'W' => r[WOOD] += 1,
            b'C' => r[CLAY] += 1,
            b'S' => r[STONE] += 1,
            b'G' => r[GLASS] += 1,
            b'P' => r[PAPYRUS] += 1,
            b' ' => {}
            _ => panic!("bad resource letter"),
        }
        i += 1;
    }
    r
}

/// Card colours, in the spec's order.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Colour {
    /// Raw materials.
    Brown,
    /// Manufactured goods.
    Grey,
    /// Civilian buildings (VP).
    Blue,
    /// Scientific buildings.
    Green,
    /// Commercial buildings.
    Yellow,
    /// Military buildings.
    Red,
    /// Guilds.
    Purple,
}

/// Number of colours ([`Colour`] as an index).
pub const COLOURS: usize = 7;

/// Science symbols: the six card symbols, then `law` (progress token only).
pub const SYMBOL_NAMES: [&str; 7] = ["globe", "wheel", "sundial", "mortar", "plumb", "quill", "law"];
/// The `law` symbol index.
pub const LAW: u8 = 6;
const GLOBE: u8 = 0;
const WHEEL: u8 = 1;
const SUNDIAL: u8 = 2;
const MORTAR: u8 = 3;
const PLUMB: u8 = 4;
const QUILL: u8 = 5;

/// Coins a card gives when constructed, beyond its printed `coins` (spec "Age III" yellow cards).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PerCount {
    /// Nothing.
    None,
    /// `n` coins per own card of this colour (counted after placement: D7).
    Colour(Colour, u8),
    /// `n` coins per own built wonder (`arena`).
    Wonders(u8),
}

/// The seven guilds (spec "Guilds").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Guild {
    /// Yellow cards.
    Merchants,
    /// Brown plus grey cards.
    Shipowners,
    /// Built wonders, 2 VP each, no coins.
    Builders,
    /// Blue cards.
    Magistrates,
    /// Green cards.
    Scientists,
    /// 1 VP per 3 coins of the richer city, no coins.
    Moneylenders,
    /// Red cards.
    Tacticians,
}

/// A building card (spec tables "Age I/II/III" and "Guilds").
#[derive(Clone, Copy, Debug)]
pub struct Card {
    /// The spec's id, e.g. `"lumber_yard"`.
    pub id: &'static str,
    /// 1, 2 or 3 (guilds: 3).
    pub age: u8,
    /// Colour.
    pub colour: Colour,
    /// Printed coin cost.
    pub coins: u8,
    /// Printed resource cost.
    pub cost: Resources,
    /// Resources produced for every payment (brown and grey cards).
    pub produces: Resources,
    /// Shields (red cards).
    pub shields: u8,
    /// Science symbol (green cards), an index of [`SYMBOL_NAMES`].
    pub symbol: Option<u8>,
    /// Victory points printed on the card (guild VP are computed: [`Guild`]).
    pub vp: u8,
    /// Coins gained when constructed (`tavern` 4, `brewery` 6).
    pub gain: u8,
    /// Coins per counted item when constructed (Age III yellow cards).
    pub per: PerCount,
    /// Resources this card fixes at 1 coin per unit (bit = resource index).
    pub fixes: u8,
    /// Supplies one unit of W/C/S (`caravansery`) or G/P (`forum`) per payment.
    pub choice: Choice,
    /// The guild this card is, if purple.
    pub guild: Option<Guild>,
    /// The card id whose ownership makes this card free (spec "chain"), if any.
    pub chain_from: Option<u8>,
}

/// A choice producer's kind (spec R8).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Choice {
    /// Not a choice producer.
    None,
    /// One unit of W, C or S per payment.
    Brown,
    /// One unit of G or P per payment.
    Grey,
}

const BLANK: Card = Card {
    id: "",
    age: 0,
    colour: Colour::Brown,
    coins: 0,
    cost: [0; 5],
    produces: [0; 5],
    shields: 0,
    symbol: None,
    vp: 0,
    gain: 0,
    per: PerCount::None,
    fixes: 0,
    choice: Choice::None,
    guild: None,
    chain_from: None,
};

const fn base(id: &'static str, age: u8, colour: Colour, coins: u8, cost: &str) -> Card {
    Card { id, age, colour, coins, cost: res(cost), ..BLANK }
}
const fn brown(id: &'static str, age: u8, coins: u8, produces: &str) -> Card {
    Card { produces: res(produces), ..base(id, age, Colour::Brown, coins, "") }
}
const fn grey(id: &'static str, age: u8, coins: u8, produces: &str) -> Card {
    Card { produces: res(produces), ..base(id, age, Colour::Grey, coins, "") }
}
const fn red(id: &'static str, age: u8, coins: u8, cost: &str, shields: u8, chain: Option<&str>) -> Card {
    Card { shields, chain_from: chain_id(chain), ..base(id, age, Colour::Red, coins, cost) }
}
const fn green(id: &'static str, age: u8, coins: u8, cost: &str, symbol: u8, vp: u8, chain: Option<&str>) -> Card {
    Card { symbol: Some(symbol), vp, chain_from: chain_id(chain), ..base(id, age, Colour::Green, coins, cost) }
}
const fn blue(id: &'static str, age: u8, cost: &str, vp: u8, chain: Option<&str>) -> Card {
    Card { vp, chain_from: chain_id(chain), ..base(id, age, Colour::Blue, 0, cost) }
}
const fn yellow(id: &'static str, age: u8, coins: u8, cost: &str) -> Card {
    base(id, age, Colour::Yellow, coins, cost)
}
const fn guild(id: &'static str, cost: &str, g: Guild) -> Card {
    Card { guild: Some(g), ..base(id, 3, Colour::Purple, 0, cost) }
}

/// The card ids in table order (used to resolve chain names at compile time).
const IDS: [&str; NUM_CARDS] = [
    "lumber_yard",
    "logging_camp",
    "clay_pool",
    "clay_pit",
    "quarry",
    "stone_pit",
    "glassworks",
    "press",
    "guard_tower",
    "stable",
    "garrison",
    "palisade",
    "workshop",
    "apothecary",
    "scriptorium",
    "pharmacist",
    "theater",
    "altar",
    "baths",
    "tavern",
    "stone_reserve",
    "clay_reserve",
    "wood_reserve",
    // Age II
    "sawmill",
    "brickyard",
    "shelf_quarry",
    "glassblower",
    "drying_room",
    "walls",
    "horse_breeders",
    "barracks",
    "archery_range",
    "parade_ground",
    "library",
    "dispensary",
    "school",
    "laboratory",
    "courthouse",
    "statue",
    "temple",
    "aqueduct",
    "rostrum",
    "forum",
    "caravansery",
    "customs_house",
    "brewery",
    // Age III
    "arsenal",
    "pretorium",
    "fortifications",
    "siege_workshop",
    "circus",
    "academy",
    "study",
    "university",
    "observatory",
    "palace",
    "town_hall",
    "obelisk",
    "gardens",
    "pantheon",
    "senate",
    "chamber_of_commerce",
    "port",
    "armory",
    "lighthouse",
    "arena",
    // Guilds
    "merchants_guild",
    "shipowners_guild",
    "builders_guild",
    "magistrates_guild",
    "scientists_guild",
    "moneylenders_guild",
    "tacticians_guild",
];

const fn chain_id(name: Option<&str>) -> Option<u8> {
    match name {
        None => None,
        Some(n) => {
            let mut i = 0;
            while i < NUM_CARDS {
                if same(IDS[i], n) {
                    return Some(i as u8);
                }
                i += 1;
            }
            panic!("unknown chain source")
        }
    }
}

/// Number of building cards.
pub const NUM_CARDS: usize = 73;
/// First id of each age deck, and of the guilds: Age I `0..23`, Age II `23..46`, Age III
/// `46..66`, guilds `66..73`.
pub const AGE_START: [u8; 4] = [0, 23, 46, 66];

/// A set of card ids (bit `i` = card `i`).
pub type CardSet = u128;
/// The cards of Age I, II and III (guilds excluded), by age `1..=3` (index 0 unused).
pub const AGE_DECK: [CardSet; 4] = [0, range(0, 23), range(23, 46), range(46, 66)];
/// The 7 guilds.
pub const GUILDS: CardSet = range(66, 73);
/// All 73 cards.
pub const ALL_CARDS: CardSet = range(0, 73);

const fn range(a: u32, b: u32) -> CardSet {
    ((1u128 << b) - 1) & !((1u128 << a) - 1)
}

/// Looks a card up by its spec id; `None` if there is no such card.
pub fn card_id(name: &str) -> Option<u8> {
    IDS.iter().position(|&n| n == name).map(|i| i as u8)
}

use Colour::{Grey, Red, Yellow};

/// The 73 building cards in id order (spec tables, same order).
pub const CARDS: [Card; NUM_CARDS] = [
    // Age I (23)
    brown("lumber_yard", 1, 0, "W"),
    brown("logging_camp", 1, 1, "W"),
    brown("clay_pool", 1, 0, "C"),
    brown("clay_pit", 1, 1, "C"),
    brown("quarry", 1, 0, "S"),
    brown("stone_pit", 1, 1, "S"),
    grey("glassworks", 1, 1, "G"),
    grey("press", 1, 1, "P"),
    red("guard_tower", 1, 0, "", 1, None),
    red("stable", 1, 0, "W", 1, None),
    red("garrison", 1, 0, "C", 1, None),
    red("palisade", 1, 2, "", 1, None),
    green("workshop", 1, 0, "P", PLUMB, 1, None),
    green("apothecary", 1, 0, "G", WHEEL, 1, None),
    green("scriptorium", 1, 2, "", QUILL, 0, None),
    green("pharmacist", 1, 2, "", MORTAR, 0, None),
    blue("theater", 1, "", 3, None),
    blue("altar", 1, "", 3, None),
    blue("baths", 1, "S", 3, None),
    Card { gain: 4, ..yellow("tavern", 1, 0, "") },
    Card { fixes: 1 << STONE, ..yellow("stone_reserve", 1, 3, "") },
    Card { fixes: 1 << CLAY, ..yellow("clay_reserve", 1, 3, "") },
    Card { fixes: 1 << WOOD, ..yellow("wood_reserve", 1, 3, "") },
    // Age II (23)
    brown("sawmill", 2, 2, "WW"),
    brown("brickyard", 2, 2, "CC"),
    brown("shelf_quarry", 2, 2, "SS"),
    grey("glassblower", 2, 0, "G"),
    grey("drying_room", 2, 0, "P"),
    red("walls", 2, 0, "SS", 2, None),
    red("horse_breeders", 2, 0, "W C", 1, Some("stable")),
    red("barracks", 2, 3, "", 1, Some("garrison")),
    red("archery_range", 2, 0, "W S P", 2, None),
    red("parade_ground", 2, 0, "CC G", 2, None),
    green("library", 2, 0, "W S G", QUILL, 2, Some("scriptorium")),
    green("dispensary", 2, 0, "CC S", MORTAR, 2, Some("pharmacist")),
    green("school", 2, 0, "W PP", WHEEL, 1, None),
    green("laboratory", 2, 0, "W GG", PLUMB, 1, None),
    blue("courthouse", 2, "WW G", 5, None),
    blue("statue", 2, "CC", 4, Some("theater")),
    blue("temple", 2, "W P", 4, Some("altar")),
    blue("aqueduct", 2, "SSS", 5, Some("baths")),
    blue("rostrum", 2, "W S", 4, None),
    Card { choice: Choice::Grey, ..yellow("forum", 2, 3, "C") },
    Card { choice: Choice::Brown, ..yellow("caravansery", 2, 2, "G P") },
    Card { fixes: 1 << GLASS | 1 << PAPYRUS, ..yellow("customs_house", 2, 4, "") },
    Card { gain: 6, ..yellow("brewery", 2, 0, "") },
    // Age III (20)
    red("arsenal", 3, 0, "WW CCC", 3, None),
    red("pretorium", 3, 8, "", 3, None),
    red("fortifications", 3, 0, "C SS P", 2, Some("palisade")),
    red("siege_workshop", 3, 0, "WWW G", 2, Some("archery_range")),
    red("circus", 3, 0, "CC SS", 2, Some("parade_ground")),
    green("academy", 3, 0, "W S GG", SUNDIAL, 3, None),
    green("study", 3, 0, "WW G P", SUNDIAL, 3, None),
    green("university", 3, 0, "C G P", GLOBE, 2, Some("school")),
    green("observatory", 3, 0, "S PP", GLOBE, 2, Some("laboratory")),
    blue("palace", 3, "W C S GG", 7, None),
    blue("town_hall", 3, "WW SSS", 7, None),
    blue("obelisk", 3, "SS G", 5, None),
    blue("gardens", 3, "WW CC", 6, Some("statue")),
    blue("pantheon", 3, "W C PP", 6, Some("temple")),
    blue("senate", 3, "CC S P", 5, Some("rostrum")),
    Card { vp: 3, per: PerCount::Colour(Grey, 3), ..yellow("chamber_of_commerce", 3, 0, "PP") },
    Card { vp: 3, per: PerCount::Colour(Colour::Brown, 2), ..yellow("port", 3, 0, "W G P") },
    Card { vp: 3, per: PerCount::Colour(Red, 1), ..yellow("armory", 3, 0, "SS G") },
    Card {
        vp: 3,
        per: PerCount::Colour(Yellow, 1),
        chain_from: chain_id(Some("tavern")),
        ..yellow("lighthouse", 3, 0, "CC G")
    },
    Card { vp: 3, per: PerCount::Wonders(2), chain_from: chain_id(Some("brewery")), ..yellow("arena", 3, 0, "W C S") },
    // Guilds (7)
    guild("merchants_guild", "W C G P", Guild::Merchants),
    guild("shipowners_guild", "C S G P", Guild::Shipowners),
    guild("builders_guild", "W C SS G", Guild::Builders),
    guild("magistrates_guild", "WW C P", Guild::Magistrates),
    guild("scientists_guild", "WW CC", Guild::Scientists),
    guild("moneylenders_guild", "WW SS", Guild::Moneylenders),
    guild("tacticians_guild", "C SS P", Guild::Tacticians),
];

/// Checks at compile time that [`IDS`] and [`CARDS`] list the cards in the same order.
const _: () = {
    let mut i = 0;
    while i < NUM_CARDS {
        assert!(same(IDS[i], CARDS[i].id));
        i += 1;
    }
};

/// Cards of each colour, by [`Colour`] index.
pub const COLOUR_SETS: [CardSet; COLOURS] = {
    let mut t = [0; COLOURS];
    let mut i = 0;
    while i < NUM_CARDS {
        t[CARDS[i].colour as usize] |= 1 << i;
        i += 1;
    }
    t
};

/// What a wonder does when built (spec "Wonders").
#[derive(Clone, Copy, Debug)]
pub struct Wonder {
    /// The spec's id, e.g. `"pyramids"`.
    pub id: &'static str,
    /// Resource cost.
    pub cost: Resources,
    /// Victory points.
    pub vp: u8,
    /// Coins gained.
    pub gain: u8,
    /// Coins the opponent loses (`appian_way`).
    pub opponent_loses: u8,
    /// Shields.
    pub shields: u8,
    /// "Again": the builder plays another turn (R19).
    pub again: bool,
    /// Destroy one opponent's card of this colour (R21).
    pub destroys: Option<Colour>,
    /// The Great Library draw (R23).
    pub library: bool,
    /// The Mausoleum (R22).
    pub mausoleum: bool,
    /// A choice producer from now on (`great_lighthouse`, `piraeus`).
    pub choice: Choice,
}

const fn wonder(id: &'static str, cost: &str, vp: u8) -> Wonder {
    Wonder {
        id,
        cost: res(cost),
        vp,
        gain: 0,
        opponent_loses: 0,
        shields: 0,
        again: false,
        destroys: None,
        library: false,
        mausoleum: false,
        choice: Choice::None,
    }
}

/// Number of wonders.
pub const NUM_WONDERS: usize = 12;
/// Wonder ids.
pub const APPIAN_WAY: u8 = 0;
/// `circus_maximus`.
pub const CIRCUS_MAXIMUS: u8 = 1;
/// `great_library`.
pub const GREAT_LIBRARY: u8 = 3;
/// `mausoleum`.
pub const MAUSOLEUM: u8 = 6;
/// `statue_of_zeus`.
pub const STATUE_OF_ZEUS: u8 = 10;

/// The 12 wonders in the spec's order.
pub const WONDERS: [Wonder; NUM_WONDERS] = [
    Wonder { gain: 3, opponent_loses: 3, again: true, ..wonder("appian_way", "CC SS P", 3) },
    Wonder { shields: 1, destroys: Some(Grey), ..wonder("circus_maximus", "W SS G", 3) },
    Wonder { shields: 2, ..wonder("colossus", "CCC G", 3) },
    Wonder { library: true, ..wonder("great_library", "WWW G P", 4) },
    Wonder { choice: Choice::Brown, ..wonder("great_lighthouse", "W S PP", 4) },
    Wonder { gain: 6, again: true, ..wonder("hanging_gardens", "WW G P", 3) },
    Wonder { mausoleum: true, ..wonder("mausoleum", "CC GG P", 2) },
    Wonder { choice: Choice::Grey, again: true, ..wonder("piraeus", "WW C S", 2) },
    wonder("pyramids", "SSS P", 9),
    Wonder { again: true, ..wonder("sphinx", "C S GG", 6) },
    Wonder { shields: 1, destroys: Some(Colour::Brown), ..wonder("statue_of_zeus", "W C S PP", 3) },
    Wonder { gain: 12, again: true, ..wonder("temple_of_artemis", "W S G P", 0) },
];

/// Looks a wonder up by its spec id.
pub fn wonder_id(name: &str) -> Option<u8> {
    WONDERS.iter().position(|w| w.id == name).map(|i| i as u8)
}

/// Progress tokens, by id (spec "Progress tokens").
pub const TOKEN_NAMES: [&str; 10] = [
    "agriculture",
    "architecture",
    "economy",
    "law",
    "masonry",
    "mathematics",
    "philosophy",
    "strategy",
    "theology",
    "urbanism",
];
/// Number of progress tokens.
pub const NUM_TOKENS: usize = 10;
/// `agriculture`: +6 coins, 4 VP.
pub const AGRICULTURE: u8 = 0;
/// `architecture`: wonders cost 2 units fewer.
pub const ARCHITECTURE: u8 = 1;
/// `economy`: the opponent's trading costs come to the holder.
pub const ECONOMY: u8 = 2;
/// `law`: the science symbol `law`.
pub const LAW_TOKEN: u8 = 3;
/// `masonry`: blue cards cost 2 units fewer.
pub const MASONRY: u8 = 4;
/// `mathematics`: 3 VP per token held.
pub const MATHEMATICS: u8 = 5;
/// `philosophy`: 7 VP.
pub const PHILOSOPHY: u8 = 6;
/// `strategy`: +1 shield per red card.
pub const STRATEGY: u8 = 7;
/// `theology`: every wonder has "again".
pub const THEOLOGY: u8 = 8;
/// `urbanism`: +6 coins, +4 per chain construction.
pub const URBANISM: u8 = 9;

/// Looks a progress token up by its spec id.
pub fn token_id(name: &str) -> Option<u8> {
    TOKEN_NAMES.iter().position(|&t| t == name).map(|i| i as u8)
}
