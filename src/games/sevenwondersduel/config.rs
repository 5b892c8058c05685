//! The options of spec "Options": `first_player` and `wonder_selection`, each a string whose
//! wrong values are refused with an error naming the option and its valid values.

use serde::Deserialize;

/// Declares an option enum read from its string names; any other value (of any type) is an
/// error whose message names the option and lists the valid names.
macro_rules! string_option {
    ($(#[$doc:meta])* $name:ident, $option:literal, { $($(#[$vdoc:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant),+
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct Name;
                impl serde::de::Visitor<'_> for Name {
                    type Value = $name;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        // serde adds "in `OPTION`" after this text.
                        let names = [$(concat!("\"", $text, "\"")),+];
                        write!(f, "one of {}", names.join(", "))
                    }
                    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<$name, E> {
                        match v {
                            $($text => Ok($name::$variant),)+
                            _ => Err(E::invalid_value(serde::de::Unexpected::Str(v), &self)),
                        }
                    }
                }
                deserializer.deserialize_str(Name)
            }
        }
    };
}

string_option!(
    /// Who is the first player F (D1): `"seat0"` (default) or `"random"`.
    FirstPlayer, "first_player", {
        /// Seat 0 is F.
        #[default]
        Seat0 = "seat0",
        /// F is drawn from the RNG at setup.
        Random = "random",
    }
);

string_option!(
    /// How the wonders are dealt: `"draft"` (R1, default) or `"random"` (4 random wonders each).
    WonderSelection, "wonder_selection", {
        /// The draft of R1.
        #[default]
        Draft = "draft",
        /// Each seat receives 4 random wonders, no decisions (a testing aid).
        Random = "random",
    }
);

/// The game's options; `Default` is the seed's game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Who is F.
    pub first_player: FirstPlayer,
    /// Draft or random wonders.
    pub wonder_selection: WonderSelection,
}
