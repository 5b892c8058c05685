//! The options of spec §2 ([`Config`]). Every option is validated when read: a wrong value is an
//! error naming the option, its valid values and its default.

use serde::Serialize;

use super::data::{WONDERS, Wonder};
use crate::options::{OptionValue, Read, TomlValue};

/// Defines a two-valued option: an enum whose values are written as lower-case strings (the first
/// is the default).
macro_rules! two_valued_option {
    ($(#[$doc:meta])* $name:ident, $(#[$da:meta])* $a:ident = $sa:literal, $(#[$db:meta])* $b:ident = $sb:literal) => {
        crate::choice! {
            $(#[$doc])*
            #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
            pub enum $name {
                $(#[$da])*
                #[default]
                $a = $sa,
                $(#[$db])*
                $b = $sb,
            }
        }
    };
}

two_valued_option!(
    /// Which unbuilt stages may be built (R14, D10).
    BuildOrder,
    /// The lowest-numbered unbuilt stage.
    Strict = "strict",
    /// Any unbuilt stage on the lowest floor that still holds one.
    ByFloor = "by_floor"
);

two_valued_option!(
    /// Babylon's deck row (D16).
    BabylonDeck,
    /// Stone 1, clay 2.
    Stone1Clay2 = "stone1_clay2",
    /// Stone 2, clay 1.
    Stone2Clay1 = "stone2_clay1"
);

two_valued_option!(
    /// Babylon's power stages (D15).
    BabylonPower,
    /// Stages 2 and 4.
    S2S4 = "s2_s4",
    /// Stages 2 and 5.
    S2S5 = "s2_s5"
);

two_valued_option!(
    /// What the once-per-turn limit covers (R19, D6).
    TokenLimit,
    /// The six extra-card tokens only.
    Triggers = "triggers",
    /// Also Economy and Engineering: each used by at most one payment per turn.
    All = "all"
);

two_valued_option!(
    /// When the cat holder sees the central top card (R4, D3).
    CatPeek,
    /// At the start of its own turn.
    TurnStart = "turn_start",
    /// Before each of its Take decisions.
    EveryTake = "every_take"
);

/// The wonder of each seat (spec §2 `wonders`, S2): dealt at random, or listed by seat.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
pub enum Wonders {
    /// n distinct wonders dealt uniformly at random (chance).
    #[default]
    Random,
    /// The first `len` entries are the wonders of seats 0, 1, …; distinct, 2 to 7 of them.
    Listed {
        /// The wonders by seat.
        by_seat: [Wonder; WONDERS],
        /// How many seats (the player count).
        len: u8,
    },
}

/// Written `"random"`, or a list of distinct wonder names (a TOML array, or one string separated
/// by commas as `--option wonders=giza,rhodes` gives it); the declaration ([`Config`]) checks
/// the names, repeats and count.
impl OptionValue for Wonders {
    const NAMES: &'static [&'static str] = &Wonder::NAMES;

    fn from_read(read: &Read) -> Option<Self> {
        let Read::List(list) = read else { return None };
        if list.is_empty() {
            return Some(Wonders::Random);
        }
        let mut by_seat = [Wonder::Alexandria; WONDERS];
        for (seat, &i) in list.iter().enumerate() {
            *by_seat.get_mut(seat)? = *Wonder::ALL.get(i)?;
        }
        Some(Wonders::Listed { by_seat, len: u8::try_from(list.len()).ok()? })
    }

    fn to_toml(&self) -> TomlValue {
        match self {
            Wonders::Random => TomlValue::String("random".into()),
            Wonders::Listed { by_seat, len } => {
                TomlValue::Array(by_seat[..*len as usize].iter().map(|w| TomlValue::String(w.name().into())).collect())
            }
        }
    }
}

crate::game_options! {
    /// The options of spec §2; `Default` is the seed's game. Unknown keys are refused.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
    pub struct Config {
        /// Wonder of each seat (S2).
        pub wonders: Wonders = list("wonders", 2..=WONDERS, "random"),
            "the wonder of each seat (e.g. \"giza,rhodes\"); a list fixes the player count";
        /// Which unbuilt stages may be built (R14).
        pub build_order: BuildOrder = choice("strict"),
            "stages in cost order, or any stage on the lowest open floor";
        /// Babylon's deck row (D16).
        pub babylon_deck: BabylonDeck = choice("stone1_clay2"), "Babylon's deck row";
        /// Babylon's power stages (D15).
        pub babylon_power: BabylonPower = choice("s2_s4"), "Babylon's power stages";
        /// Once-per-turn limit of Economy and Engineering (R19).
        pub token_limit: TokenLimit = choice("triggers"), "also Economy and Engineering once per turn";
        /// When the cat holder peeks (R4).
        pub cat_peek: CatPeek = choice("turn_start"), "when the cat holder sees the central top card";
    }
}
