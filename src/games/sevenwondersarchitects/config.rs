//! The options of spec §2 ([`Config`]). Every option is validated when read: a wrong value is an
//! error naming the option and its valid values.

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::data::{WONDERS, Wonder};

/// Defines a two-valued option: an enum whose values are written as lower-case strings, with a
/// `Deserialize` whose error names the option and both valid values.
macro_rules! two_valued_option {
    ($(#[$doc:meta])* $name:ident, $key:literal, $(#[$da:meta])* $a:ident = $sa:literal, $(#[$db:meta])* $b:ident = $sb:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
        pub enum $name {
            $(#[$da])*
            #[default]
            $a,
            $(#[$db])*
            $b,
        }

        impl $name {
            /// The value as written in the options.
            pub fn name(self) -> &'static str {
                match self {
                    $name::$a => $sa,
                    $name::$b => $sb,
                }
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct V;
                impl Visitor<'_> for V {
                    type Value = $name;
                    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                        write!(f, "{} \"{}\" (default) or \"{}\"", $key, $sa, $sb)
                    }
                    fn visit_str<E: de::Error>(self, v: &str) -> Result<$name, E> {
                        match v {
                            $sa => Ok($name::$a),
                            $sb => Ok($name::$b),
                            _ => Err(E::invalid_value(de::Unexpected::Str(v), &self)),
                        }
                    }
                }
                deserializer.deserialize_str(V)
            }
        }
    };
}

two_valued_option!(
    /// Which unbuilt stages may be built (R14, D10).
    BuildOrder, "build_order",
    /// The lowest-numbered unbuilt stage.
    Strict = "strict",
    /// Any unbuilt stage on the lowest floor that still holds one.
    ByFloor = "by_floor"
);

two_valued_option!(
    /// Babylon's deck row (D16).
    BabylonDeck, "babylon_deck",
    /// Stone 1, clay 2.
    Stone1Clay2 = "stone1_clay2",
    /// Stone 2, clay 1.
    Stone2Clay1 = "stone2_clay1"
);

two_valued_option!(
    /// Babylon's power stages (D15).
    BabylonPower, "babylon_power",
    /// Stages 2 and 4.
    S2S4 = "s2_s4",
    /// Stages 2 and 5.
    S2S5 = "s2_s5"
);

two_valued_option!(
    /// What the once-per-turn limit covers (R19, D6).
    TokenLimit, "token_limit",
    /// The six extra-card tokens only.
    Triggers = "triggers",
    /// Also Economy and Engineering: each used by at most one payment per turn.
    All = "all"
);

two_valued_option!(
    /// When the cat holder sees the central top card (R4, D3).
    CatPeek, "cat_peek",
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

const WONDERS_EXPECTING: &str = "wonders \"random\" (default) or a list of 2 to 7 distinct wonders by seat, \
     among \"alexandria\", \"babylon\", \"ephesus\", \"giza\", \"halicarnassus\", \"olympia\", \"rhodes\"";

impl<'de> Deserialize<'de> for Wonders {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Wonders;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(WONDERS_EXPECTING)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Wonders, E> {
                if v == "random" {
                    return Ok(Wonders::Random);
                }
                // A comma-separated list, as `--option wonders=giza,rhodes` gives it. Each error says
                // what is wrong with the list, then the option's valid values.
                // (Eight names cannot be distinct: the eighth is a repeat.)
                let bad = |problem: String| E::custom(format!("{v:?}: {problem}; expected {WONDERS_EXPECTING}"));
                let mut by_seat = [Wonder::Alexandria; WONDERS];
                let mut len = 0;
                for name in v.split(',').map(str::trim) {
                    let w = Wonder::from_name(name).ok_or_else(|| bad(format!("{name:?} is not a wonder")))?;
                    if by_seat[..len].contains(&w) {
                        return Err(bad(format!("{name:?} is listed twice (each seat has its own wonder)")));
                    }
                    by_seat[len] = w;
                    len += 1;
                }
                if len < 2 {
                    return Err(bad(format!("{len} wonder listed, at least 2 are needed (one per seat)")));
                }
                Ok(Wonders::Listed { by_seat, len: len as u8 })
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Wonders, A::Error> {
                let mut names = Vec::new();
                while let Some(name) = seq.next_element::<String>()? {
                    names.push(name);
                }
                self.visit_str(&names.join(","))
            }
        }
        deserializer.deserialize_any(V)
    }
}

/// The options of spec §2; `Default` is the seed's game. Unknown keys are refused.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Wonder of each seat (S2).
    pub wonders: Wonders,
    /// Which unbuilt stages may be built (R14).
    pub build_order: BuildOrder,
    /// Babylon's deck row (D16).
    pub babylon_deck: BabylonDeck,
    /// Babylon's power stages (D15).
    pub babylon_power: BabylonPower,
    /// Once-per-turn limit of Economy and Engineering (R19).
    pub token_limit: TokenLimit,
    /// When the cat holder peeks (R4).
    pub cat_peek: CatPeek,
}
