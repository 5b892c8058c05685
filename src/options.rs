//! Game options, declared once. Each option of a game is stated in one place — its name, its type
//! ([`Kind`]: a boolean, an integer range, a choice among named values, a list of names), its
//! default, and one line of help — and that declaration ([`OptionSpec`], in the static table
//! [`Options::OPTIONS`]) drives everything else: reading a spec's `[options]` table or the CLI's
//! `--option key=value`, the `Default` of the game's `Config`, `meeple list`, the options recorded
//! in `run.toml`, and every error message ([`OptionError`]). It plays the part of OpenSpiel's
//! `parameter_specification` or TAG's `addTunableParameter`.
//!
//! # Declaring a game's options
//! [`game_options!`](crate::game_options) writes the `Config` struct (with its doc comments),
//! its `Default` and its [`Options`] implementation; [`choice!`](crate::choice) writes an enum whose
//! values are named in the options. A field is `NAME: TYPE = DECLARATION, "one line of help";`,
//! where the declaration is one of [`boolean`], [`yes_no`], [`int`], [`one_of`], [`choice`] or
//! [`list`], each with the default written as in the options:
//!
//! ```
//! meeple::choice! {
//!     /// Who a match skips (rule 8).
//!     #[derive(Debug, Clone, Copy, PartialEq, Eq)]
//!     pub enum SkipMode {
//!         /// The next player.
//!         Always = "always",
//!         /// The next player, unless they can match too.
//!         IfCannotMatch = "if_cannot_match",
//!     }
//! }
//!
//! meeple::game_options! {
//!     /// The game's options; `Default` is the printed game.
//!     #[derive(Debug, Clone, Copy, PartialEq, Eq)]
//!     pub struct Config {
//!         /// Points every player starts with (rule 13).
//!         pub start_points: u16 = int(1..=1000, 50), "the points every player starts with";
//!         /// Matching the previous play's rank skips the next player (rule 8).
//!         pub skip: bool = boolean(false), "matching the previous play's rank skips the next player";
//!         /// Who a match skips (rule 8).
//!         pub skip_mode: SkipMode = choice("always"), "who a match skips (needs skip = true)";
//!     }
//!     // Optional: rules between options, given the table as written.
//!     check = check;
//! }
//!
//! use meeple::options::{OptionProblem, Options, Table, parse};
//!
//! /// `skip_mode` written without `skip = true` would do nothing: refused.
//! fn check(config: &mut Config, written: &Table) -> Result<(), OptionProblem> {
//!     if written.contains_key("skip_mode") && !config.skip {
//!         return Err(OptionProblem::Rule("skip_mode only applies when skip = true".into()));
//!     }
//!     Ok(())
//! }
//!
//! assert_eq!(Config::default(), Config { start_points: 50, skip: false, skip_mode: SkipMode::Always });
//! let table: Table = toml::from_str("start_points = 1001").unwrap();
//! assert_eq!(
//!     parse::<Config>("mygame", &table).unwrap_err().to_string(),
//!     "bad option for mygame: start_points must be an integer from 1 to 1000 (default 50), not 1001"
//! );
//! assert_eq!(
//!     Config::OPTIONS[2].describe(),
//!     r#""always" | "if_cannot_match" (default "always"): who a match skips (needs skip = true)"#
//! );
//! let table: Table = toml::from_str("skip_mode = 'always'").unwrap();
//! assert_eq!(
//!     parse::<Config>("mygame", &table).unwrap_err().to_string(),
//!     "bad option for mygame: skip_mode only applies when skip = true"
//! );
//! ```
//!
//! A game without options declares an empty struct (`pub struct Config {}`) or uses `()`.
//! The declared defaults are checked when the crate compiles: a default outside its valid values
//! stops the build.

use std::fmt::{self, Display, Formatter, Write as _};

use crate::const_text::{holds, same};

#[doc(hidden)]
pub use serde;
pub use toml::{Table, Value as TomlValue};

/// The values an option takes (its type). Each text below is what [`Kind::values`] prints for
/// error messages ([`Kind::listing`] separates the alternatives with ` | ` instead).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `true or false`.
    Bool,
    /// `"yes", "no", true or false` (the spelling of rule books that say yes / no).
    YesNo,
    /// `an integer from MIN to MAX` (an end at `i64::MIN` or `i64::MAX` is left unsaid).
    Int {
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
    },
    /// `1, 3 or 5`: one of a few integers.
    OneOf(&'static [i64]),
    /// `"a", "b" or "c"`: one of the named values of a [`choice!`](crate::choice) enum.
    Choice(&'static [&'static str]),
    /// `"WORD" or a list of MIN to MAX distinct NOUN among "a", "b", …`: a TOML array of names, or
    /// one string of names separated by commas (as `--option key=a,b` gives it); or the word.
    List {
        /// The names the list takes its items from.
        names: &'static [&'static str],
        /// The fewest items.
        min: usize,
        /// The most items.
        max: usize,
        /// What the items are, plural (`"wonders"`).
        noun: &'static str,
        /// The word that stands for no list (`"random"`); it reads as an empty list.
        word: &'static str,
    },
}

/// A value as written in an options table, in a form a `const` can hold: a declared default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// `true` or `false` (for [`Kind::YesNo`], printed `"yes"` or `"no"`).
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A string: a choice's name, or a list's word.
    Name(&'static str),
}

impl Value {
    /// The value as a TOML value.
    pub fn to_toml(self) -> toml::Value {
        match self {
            Value::Bool(b) => toml::Value::Boolean(b),
            Value::Int(i) => toml::Value::Integer(i),
            Value::Name(s) => toml::Value::String(s.to_string()),
        }
    }
}

/// The type and default of an option, as a field of [`game_options!`](crate::game_options)
/// declares it: made by [`boolean`], [`yes_no`], [`int`], [`one_of`], [`choice`] or [`list`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decl {
    /// The values it takes (a choice's or list's names are filled in from the field's type).
    pub kind: Kind,
    /// Its default.
    pub default: Value,
}

/// `true or false`, default `default`.
pub const fn boolean(default: bool) -> Decl {
    Decl { kind: Kind::Bool, default: Value::Bool(default) }
}

/// `"yes", "no", true or false`, default `default` (`true` is yes).
pub const fn yes_no(default: bool) -> Decl {
    Decl { kind: Kind::YesNo, default: Value::Bool(default) }
}

/// An integer in `range`, default `default`.
pub const fn int(range: std::ops::RangeInclusive<i64>, default: i64) -> Decl {
    Decl { kind: Kind::Int { min: *range.start(), max: *range.end() }, default: Value::Int(default) }
}

/// One of the integers `values`, default `default`.
pub const fn one_of(values: &'static [i64], default: i64) -> Decl {
    Decl { kind: Kind::OneOf(values), default: Value::Int(default) }
}

/// One of the names of the field's [`choice!`](crate::choice) enum, default `default`.
pub const fn choice(default: &'static str) -> Decl {
    Decl { kind: Kind::Choice(&[]), default: Value::Name(default) }
}

/// The word `word` (the default), or a list of `count` distinct `noun` (plural) among the names of
/// the field's type ([`OptionValue::NAMES`]).
pub const fn list(noun: &'static str, count: std::ops::RangeInclusive<usize>, word: &'static str) -> Decl {
    Decl {
        kind: Kind::List { names: &[], min: *count.start(), max: *count.end(), noun, word },
        default: Value::Name(word),
    }
}

/// One option of a game: the declaration that drives its parsing, listing and errors. A game's
/// options are the static table [`Options::OPTIONS`], in declaration order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key in `[options]` and in `--option key=value`.
    pub name: &'static str,
    /// The values it takes.
    pub kind: Kind,
    /// Its value when not written.
    pub default: Value,
    /// One line saying what it does.
    pub help: &'static str,
}

impl OptionSpec {
    /// The option `name` declared by `decl`, with the names of its field's type (`names`, for a
    /// choice or a list) and its help. Used by [`game_options!`](crate::game_options).
    ///
    /// # Panics
    /// When the default is not among the valid values (at compile time, in a `const`).
    pub const fn new(name: &'static str, decl: Decl, names: &'static [&'static str], help: &'static str) -> Self {
        let kind = match decl.kind {
            Kind::Choice(_) => Kind::Choice(names),
            Kind::List { min, max, noun, word, .. } => Kind::List { names, min, max, noun, word },
            other => other,
        };
        let valid_default = match (kind, decl.default) {
            (Kind::Bool | Kind::YesNo, Value::Bool(_)) => true,
            (Kind::Int { min, max }, Value::Int(d)) => min <= d && d <= max,
            (Kind::OneOf(values), Value::Int(d)) => {
                let mut i = 0;
                while i < values.len() && values[i] != d {
                    i += 1;
                }
                i < values.len()
            }
            (Kind::Choice(names), Value::Name(d)) => holds(names, d),
            (Kind::List { names, min, max, word, .. }, Value::Name(d)) => {
                !names.is_empty() && 1 <= min && min <= max && same(word, d)
            }
            _ => false,
        };
        assert!(valid_default, "an option's default is not among its valid values");
        OptionSpec { name, kind, default: decl.default, help }
    }

    /// Its valid values in words, e.g. `an integer from 0 to 18`, `true or false`,
    /// `"always" or "if_cannot_match"`.
    pub fn values(&self) -> String {
        self.kind.values()
    }

    /// Its default as written in the options, e.g. `1`, `true`, `"squares"`, `"yes"`.
    pub fn default_text(&self) -> String {
        match (self.kind, self.default) {
            (Kind::YesNo, Value::Bool(b)) => format!("{:?}", if b { "yes" } else { "no" }),
            (_, v) => v.to_toml().to_string(),
        }
    }

    /// The line `meeple list` prints: `VALUES (default DEFAULT): HELP`, the values as
    /// [`Kind::listing`] gives them.
    pub fn describe(&self) -> String {
        format!("{} (default {}): {}", self.kind.listing(), self.default_text(), self.help)
    }

    /// Reads `value` as this option's value.
    ///
    /// # Errors
    /// A value of another type or outside the valid values ([`OptionProblem::BadValue`]); for a
    /// list, the problem is said (a name that is not among them, a repeat, too few or too many).
    pub fn read(&'static self, value: &toml::Value) -> Result<Read, OptionProblem> {
        let bad = |why: Option<String>| OptionProblem::BadValue { option: self, given: value.clone(), why };
        match (self.kind, value) {
            (Kind::Bool | Kind::YesNo, toml::Value::Boolean(b)) => Ok(Read::Bool(*b)),
            (Kind::YesNo, toml::Value::String(s)) if s == "yes" || s == "no" => Ok(Read::Bool(s == "yes")),
            (Kind::Int { min, max }, toml::Value::Integer(i)) if (min..=max).contains(i) => Ok(Read::Int(*i)),
            (Kind::OneOf(values), toml::Value::Integer(i)) if values.contains(i) => Ok(Read::Int(*i)),
            (Kind::Choice(names), toml::Value::String(s)) => {
                names.iter().position(|n| n == s).map(Read::Choice).ok_or_else(|| bad(None))
            }
            (Kind::List { names, min, max, noun, word }, toml::Value::String(_) | toml::Value::Array(_)) => {
                // An array reads as its items joined by commas: the same list as the string form.
                let text = match value {
                    toml::Value::Array(a) => a
                        .iter()
                        .map(toml::Value::as_str)
                        .collect::<Option<Vec<_>>>()
                        .ok_or_else(|| bad(None))?
                        .join(","),
                    v => v.as_str().unwrap_or_default().to_string(),
                };
                if text == word {
                    return Ok(Read::List(Vec::new()));
                }
                let items: Vec<&str> = text.split(',').map(str::trim).collect();
                let mut list = Vec::with_capacity(items.len());
                for item in &items {
                    let Some(i) = names.iter().position(|n| n == item) else {
                        return Err(bad(Some(format!("{item:?} is not one of the {noun}"))));
                    };
                    if list.contains(&i) {
                        return Err(bad(Some(format!("{item:?} is listed twice"))));
                    }
                    list.push(i);
                }
                if !(min..=max).contains(&list.len()) {
                    let (n, bound) = if list.len() < min { (min, "at least") } else { (max, "at most") };
                    return Err(bad(Some(format!("{} listed, {bound} {n} are needed", list.len()))));
                }
                Ok(Read::List(list))
            }
            _ => Err(bad(None)),
        }
    }

    /// Reads this option of `table` into a field of type `T`: its value if written, else its
    /// default.
    ///
    /// # Errors
    /// As [`OptionSpec::read`]; also a value that `T` cannot hold (a declaration wider than its
    /// field's type, which the registry's tests catch).
    pub fn field<T: OptionValue>(&'static self, table: &Table) -> Result<T, OptionProblem> {
        let default = self.default.to_toml();
        let value = table.get(self.name).unwrap_or(&default);
        T::from_read(&self.read(value)?).ok_or_else(|| OptionProblem::BadValue {
            option: self,
            given: value.clone(),
            why: Some("the game cannot hold it".into()),
        })
    }
}

impl Kind {
    /// The valid values in words (see each variant), as error messages say them:
    /// `"none", "squares" or "both"`.
    pub fn values(&self) -> String {
        self.alternatives(", ", " or ")
    }

    /// The valid values as `meeple list` prints them, alternatives separated by ` | `:
    /// `"none" | "squares" | "both"`, `true | false`, `an integer from 0 to 18`.
    pub fn listing(&self) -> String {
        self.alternatives(" | ", " | ")
    }

    /// The valid values, alternatives separated by `sep` and the last two by `last`.
    fn alternatives(&self, sep: &str, last: &str) -> String {
        let quoted = |names: &[&str]| names.iter().map(|n| format!("{n:?}")).collect::<Vec<_>>();
        let either = |items: Vec<String>| match items.split_last() {
            Some((end, rest)) if !rest.is_empty() => format!("{}{last}{end}", rest.join(sep)),
            _ => items.concat(),
        };
        match *self {
            Kind::Bool => either(vec!["true".into(), "false".into()]),
            Kind::YesNo => either(vec![r#""yes""#.into(), r#""no""#.into(), "true".into(), "false".into()]),
            Kind::Int { min: i64::MIN, max: i64::MAX } => "an integer".into(),
            Kind::Int { min, max: i64::MAX } => format!("an integer of at least {min}"),
            Kind::Int { min: i64::MIN, max } => format!("an integer of at most {max}"),
            Kind::Int { min, max } => format!("an integer from {min} to {max}"),
            Kind::OneOf(values) => either(values.iter().map(i64::to_string).collect()),
            Kind::Choice(names) => either(quoted(names)),
            Kind::List { names, min, max, noun, word } => either(vec![
                format!("{word:?}"),
                format!(
                    "a list of {min} to {max} distinct {noun} (an array, or names separated by commas) among {}",
                    quoted(names).join(", ")
                ),
            ]),
        }
    }

    /// The kind's name for a binding: `bool`, `yes_no`, `int`, `one_of`, `choice` or `list`.
    pub fn type_name(&self) -> &'static str {
        match self {
            Kind::Bool => "bool",
            Kind::YesNo => "yes_no",
            Kind::Int { .. } => "int",
            Kind::OneOf(_) => "one_of",
            Kind::Choice(_) => "choice",
            Kind::List { .. } => "list",
        }
    }
}

/// A value read by [`OptionSpec::read`], checked against its declaration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Read {
    /// A boolean or yes / no.
    Bool(bool),
    /// An integer in the valid values.
    Int(i64),
    /// The index of a choice's name.
    Choice(usize),
    /// The indices of a list's names, in the order written; empty for the word.
    List(Vec<usize>),
}

/// A type a declared option's field can have: it takes the value read.
pub trait OptionValue: Sized {
    /// The names of a choice or of a list's items (empty for other types).
    const NAMES: &'static [&'static str] = &[];

    /// The field's value for `read`; `None` if the type cannot hold it.
    fn from_read(read: &Read) -> Option<Self>;

    /// The value as written in an options table.
    fn to_toml(&self) -> toml::Value;
}

impl OptionValue for bool {
    fn from_read(read: &Read) -> Option<Self> {
        match read {
            Read::Bool(b) => Some(*b),
            _ => None,
        }
    }

    fn to_toml(&self) -> toml::Value {
        toml::Value::Boolean(*self)
    }
}

macro_rules! integer_option_value {
    ($($t:ty),+) => {$(
        impl OptionValue for $t {
            fn from_read(read: &Read) -> Option<Self> {
                match read {
                    Read::Int(i) => <$t>::try_from(*i).ok(),
                    _ => None,
                }
            }

            fn to_toml(&self) -> toml::Value {
                // Read values came from an i64.
                toml::Value::Integer(i64::try_from(*self).unwrap_or(i64::MAX))
            }
        }
    )+};
}

integer_option_value!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

/// What is wrong with an options table. [`OptionError`] adds the game.
#[derive(Debug, Clone, PartialEq)]
pub enum OptionProblem {
    /// An option the game does not declare.
    Unknown {
        /// The key as written.
        name: String,
        /// The game's options (empty: it has none).
        valid: Vec<&'static str>,
    },
    /// A value of another type, or outside the valid values.
    BadValue {
        /// The option's declaration.
        option: &'static OptionSpec,
        /// The value as written.
        given: toml::Value,
        /// What is wrong, when more can be said than "not among the valid values" (a list's).
        why: Option<String>,
    },
    /// A rule between options (e.g. President's `skip_mode` needs `skip = true`), in the game's
    /// words.
    Rule(String),
}

impl OptionProblem {
    /// The message, for game `game`: see [`OptionError`].
    fn write(&self, game: &str, f: &mut Formatter) -> fmt::Result {
        match self {
            OptionProblem::Unknown { name, valid } if valid.is_empty() => {
                write!(f, "unknown option `{name}`: {game} has no options")
            }
            OptionProblem::Unknown { name, valid } => {
                write!(f, "unknown option `{name}`; valid options: {}", valid.join(", "))
            }
            OptionProblem::BadValue { option, given, why } => {
                write!(
                    f,
                    "{} must be {} (default {}), not {given}",
                    option.name,
                    option.values(),
                    option.default_text()
                )?;
                why.as_ref().map_or(Ok(()), |w| write!(f, ": {w}"))
            }
            OptionProblem::Rule(message) => f.write_str(message),
        }
    }
}

impl Display for OptionProblem {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        self.write("the game", f)
    }
}

impl std::error::Error for OptionProblem {}

/// An options table refused for a game. Its message is one line, `bad option for GAME: …`:
/// - an unknown option: `unknown option `gravity`; valid options: six_specials`
///   (`unknown option `x`: locomomo has no options` for a game without options);
/// - a wrong type or value: `start_footprints must be an integer from 0 to 18 (default 1), not
///   "abc"` (a list adds what is wrong: `…, not "giza,giza": "giza" is listed twice`);
/// - a rule between options, in the game's words.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}", Message(self))]
pub struct OptionError {
    /// The game's name.
    pub game: &'static str,
    /// What is wrong.
    pub problem: OptionProblem,
}

/// Displays an [`OptionError`].
struct Message<'a>(&'a OptionError);

impl Display for Message<'_> {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        write!(f, "bad option for {}: ", self.0.game)?;
        self.0.problem.write(self.0.game, f)
    }
}

/// A game's options, read from an options table: implemented by
/// [`game_options!`](crate::game_options) (and by `()`, no options).
pub trait Options: Sized {
    /// Every option, in declaration order: the table `meeple list` prints and a binding reads.
    const OPTIONS: &'static [OptionSpec];

    /// The options written in `table` (a spec's `[options]`, or `--option key=value`); the others
    /// at their defaults. Then the game's rules between options, if it declares them (`check =`).
    ///
    /// # Errors
    /// An unknown option, a wrong value, a broken rule ([`OptionProblem`]).
    fn from_table(table: &Table) -> Result<Self, OptionProblem>;

    /// Every option's value, as written in an options table.
    fn to_table(&self) -> Table;
}

impl Options for () {
    const OPTIONS: &'static [OptionSpec] = &[];

    fn from_table(table: &Table) -> Result<Self, OptionProblem> {
        check_known(Self::OPTIONS, table)
    }

    fn to_table(&self) -> Table {
        Table::new()
    }
}

/// Refuses a key of `table` that `options` do not declare (the first, in key order).
///
/// # Errors
/// [`OptionProblem::Unknown`], listing the declared options.
pub fn check_known(options: &'static [OptionSpec], table: &Table) -> Result<(), OptionProblem> {
    match table.keys().find(|k| !options.iter().any(|o| o.name == k.as_str())) {
        None => Ok(()),
        Some(name) => {
            Err(OptionProblem::Unknown { name: name.clone(), valid: options.iter().map(|o| o.name).collect() })
        }
    }
}

/// The options of game `game` written in `table` (see [`Options::from_table`]).
///
/// # Errors
/// What is wrong, with the game named: see [`OptionError`].
pub fn parse<C: Options>(game: &'static str, table: &Table) -> Result<C, OptionError> {
    C::from_table(table).map_err(|problem| OptionError { game, problem })
}

/// A `--option` item refused by [`from_args`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArgError {
    /// No `=`: `--option `six_specials` is not of the form key=value`.
    #[error("--option `{0}` is not of the form key=value")]
    NotKeyValue(String),
    /// The same key twice: `--option `skip` is given twice (first true): give each option once`.
    #[error("--option `{key}` is given twice (first {first}): give each option once")]
    Twice {
        /// The key.
        key: String,
        /// Its first value, as TOML.
        first: String,
    },
}

/// The options table of the CLI's `--option key=value` items: each value is read as TOML
/// (`true`, `3`, `"text"`, `[1, 2]`), and a value that is not TOML as a string (`giza,rhodes`).
/// The game then reads the table as it reads a spec's `[options]` ([`Options::from_table`]).
///
/// # Errors
/// An item without `=`, or a key given twice ([`ArgError`]).
pub fn from_args(items: &[String]) -> Result<Table, ArgError> {
    let mut table = Table::new();
    for item in items {
        let (k, v) = item.split_once('=').ok_or_else(|| ArgError::NotKeyValue(item.clone()))?;
        let value = toml::from_str::<Table>(&format!("v = {v}"))
            .ok()
            .and_then(|mut t| t.remove("v"))
            .unwrap_or_else(|| toml::Value::String(v.to_string()));
        if let Some(earlier) = table.insert(k.trim().to_string(), value) {
            return Err(ArgError::Twice { key: k.trim().to_string(), first: earlier.to_string() });
        }
    }
    Ok(table)
}

/// Every option of `config` with its value, as a TOML inline table in declaration order, e.g.
/// `{ six_specials = false }` (`{}` for a game without options): `run.toml`'s `config` and the
/// options sent to external bots.
pub fn text<C: Options>(config: &C) -> String {
    let table = config.to_table();
    let mut out = String::from("{");
    for (i, o) in C::OPTIONS.iter().enumerate() {
        let value = table.get(o.name).map_or(String::new(), ToString::to_string);
        let _ = write!(out, "{} {} = {value}", if i == 0 { "" } else { "," }, o.name);
    }
    out + if C::OPTIONS.is_empty() { "}" } else { " }" }
}

/// Declares a game's options once: writes the struct (fields with their doc comments), its
/// `Default` (every declared default), its [`Options`] implementation (the static table
/// [`Options::OPTIONS`] and the parsing) and a `Deserialize` that reads through it. See the [module docs](crate::options) for an example.
///
/// Syntax, inside the braces:
/// - the struct: attributes, `pub struct Config { … }`, each field
///   `/// docs` `pub NAME: TYPE = DECLARATION, "help";` with a declaration made by [`boolean`],
///   [`yes_no`], [`int`], [`one_of`], [`choice`] or [`list`] (names in scope in the macro);
/// - optionally `derived { /// docs pub NAME: TYPE = DEFAULT; … }`: fields that are not options,
///   set by the check (e.g. what the options written imply);
/// - optionally `check = PATH;`: a `fn(&mut Config, written: &Table) -> Result<(), OptionProblem>`
///   run after the options are read, for rules between options; `written` is the table as given
///   (to tell an option written at its default from one not written).
#[macro_export]
macro_rules! game_options {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[$fmeta:meta])*
                $fvis:vis $field:ident : $ty:ty = $decl:expr, $help:literal;
            )*
        }
        $(
            derived {
                $(
                    $(#[$dmeta:meta])*
                    $dvis:vis $dfield:ident : $dty:ty = $ddefault:expr;
                )*
            }
        )?
        $( check = $check:path; )?
    ) => {
        $(#[$meta])*
        $vis struct $name {
            $( $(#[$fmeta])* $fvis $field: $ty, )*
            $($( $(#[$dmeta])* $dvis $dfield: $dty, )*)?
        }

        impl $crate::options::Options for $name {
            const OPTIONS: &'static [$crate::options::OptionSpec] = {
                #[allow(unused_imports)]
                use $crate::options::{boolean, choice, int, list, one_of, yes_no};
                &[$(
                    $crate::options::OptionSpec::new(
                        stringify!($field),
                        $decl,
                        <$ty as $crate::options::OptionValue>::NAMES,
                        $help,
                    ),
                )*]
            };

            #[allow(unused_variables)]
            fn from_table(table: &$crate::options::Table) -> Result<Self, $crate::options::OptionProblem> {
                let options: &'static [$crate::options::OptionSpec] = <Self as $crate::options::Options>::OPTIONS;
                $crate::options::check_known(options, table)?;
                #[allow(unused_mut)]
                let mut config = Self {
                    $( $field: $crate::options::named(options, stringify!($field)).field(table)?, )*
                    $($( $dfield: $ddefault, )*)?
                };
                $( $check(&mut config, table)?; )?
                Ok(config)
            }

            fn to_table(&self) -> $crate::options::Table {
                #[allow(unused_mut)]
                let mut table = $crate::options::Table::new();
                $( table.insert(stringify!($field).into(), $crate::options::OptionValue::to_toml(&self.$field)); )*
                table
            }
        }

        impl<'de> $crate::options::serde::Deserialize<'de> for $name {
            /// Reads an options table through [`Options::from_table`](crate::options::Options), so
            /// that `toml::from_str::<Config>` gives the same values and messages.
            fn deserialize<D: $crate::options::serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let table = <$crate::options::Table as $crate::options::serde::Deserialize>::deserialize(deserializer)?;
                <Self as $crate::options::Options>::from_table(&table)
                    .map_err(<D::Error as $crate::options::serde::de::Error>::custom)
            }
        }

        impl ::core::default::Default for $name {
            /// Every option at its declared default.
            fn default() -> Self {
                <Self as $crate::options::Options>::from_table(&$crate::options::Table::new())
                    .expect("the declared defaults are valid")
            }
        }
    };
}

/// The option named `name` of `options` (used by [`game_options!`](crate::game_options)).
///
/// # Panics
/// If none is (the macro names only declared ones).
pub fn named(options: &'static [OptionSpec], name: &str) -> &'static OptionSpec {
    options.iter().find(|o| o.name == name).expect("a declared option")
}

/// Declares an enum whose values are written by name in the options (a field of
/// [`game_options!`](crate::game_options) declared with [`choice`]): each variant is
/// `/// docs` `Variant = "name",`. Adds `ALL` (the variants in order), `NAMES`, `name()` and
/// [`OptionValue`]; the attributes given (derives, docs) are kept.
#[macro_export]
macro_rules! choice {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// Every value's name as written in the options, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$($text),+];

            /// The value's name as written in the options.
            pub const fn name(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )+
                }
            }
        }

        impl $crate::options::OptionValue for $name {
            const NAMES: &'static [&'static str] = $name::NAMES;

            fn from_read(read: &$crate::options::Read) -> Option<Self> {
                match read {
                    $crate::options::Read::Choice(i) => $name::ALL.get(*i).copied(),
                    _ => None,
                }
            }

            fn to_toml(&self) -> $crate::options::TomlValue {
                $crate::options::TomlValue::String(self.name().to_string())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::choice! {
        /// A test choice.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        enum Colour {
            /// Red.
            Red = "red",
            /// Green.
            Green = "green",
            /// Blue.
            Blue = "blue",
        }
    }

    /// A list of colours, or the word "any".
    #[derive(Debug, Clone, PartialEq, Eq)]
    struct Colours(Vec<Colour>);

    impl OptionValue for Colours {
        const NAMES: &'static [&'static str] = Colour::NAMES;

        fn from_read(read: &Read) -> Option<Self> {
            let Read::List(list) = read else { return None };
            Some(Colours(list.iter().map(|&i| Colour::ALL[i]).collect()))
        }

        fn to_toml(&self) -> TomlValue {
            TomlValue::Array(self.0.iter().map(|c| TomlValue::String(c.name().into())).collect())
        }
    }

    crate::game_options! {
        /// One option of each kind.
        #[derive(Debug, Clone, PartialEq, Eq)]
        struct Every {
            /// A boolean.
            flag: bool = boolean(true), "a flag";
            /// Yes or no.
            answer: bool = yes_no(false), "an answer";
            /// An integer range.
            count: u8 = int(0..=18, 1), "a count";
            /// At least 1.
            cap: u64 = int(1..=i64::MAX, 100), "a cap";
            /// Any i32.
            points: i32 = int(i32::MIN as i64..=i32::MAX as i64, 50), "points";
            /// A few integers.
            rounds: u8 = one_of(&[1, 3, 5], 3), "rounds";
            /// A choice.
            colour: Colour = choice("green"), "a colour";
            /// A list.
            colours: Colours = list("colours", 2..=3, "any"), "some colours";
        }
        derived {
            /// Whether `rounds` was written.
            rounds_written: bool = false;
        }
        check = check;
    }

    /// `rounds` needs `flag`; records whether `rounds` was written.
    fn check(every: &mut Every, written: &Table) -> Result<(), OptionProblem> {
        every.rounds_written = written.contains_key("rounds");
        if every.rounds_written && !every.flag {
            return Err(OptionProblem::Rule("rounds needs flag = true".into()));
        }
        Ok(())
    }

    fn read(text: &str) -> Result<Every, String> {
        parse::<Every>("test", &toml::from_str(text).unwrap()).map_err(|e| e.to_string())
    }

    fn option(name: &str) -> &'static OptionSpec {
        named(Every::OPTIONS, name)
    }

    #[test]
    fn defaults_are_the_declared_ones() {
        let d = Every::default();
        assert_eq!(
            (d.flag, d.answer, d.count, d.cap, d.points, d.rounds, d.colour),
            (true, false, 1, 100, 50, 3, Colour::Green)
        );
        assert_eq!((&d.colours, d.rounds_written), (&Colours(vec![]), false));
        assert_eq!(read("").unwrap(), d);
    }

    #[test]
    fn each_kind_states_its_values_default_and_help() {
        let lines: Vec<(String, String)> = Every::OPTIONS.iter().map(|o| (o.values(), o.describe())).collect();
        let want = [
            ("true or false", "true | false (default true): a flag"),
            (r#""yes", "no", true or false"#, r#""yes" | "no" | true | false (default "no"): an answer"#),
            ("an integer from 0 to 18", "an integer from 0 to 18 (default 1): a count"),
            ("an integer of at least 1", "an integer of at least 1 (default 100): a cap"),
            (
                "an integer from -2147483648 to 2147483647",
                "an integer from -2147483648 to 2147483647 (default 50): points",
            ),
            ("1, 3 or 5", "1 | 3 | 5 (default 3): rounds"),
            (r#""red", "green" or "blue""#, r#""red" | "green" | "blue" (default "green"): a colour"#),
            (
                r#""any" or a list of 2 to 3 distinct colours (an array, or names separated by commas) among "red", "green", "blue""#,
                r#""any" | a list of 2 to 3 distinct colours (an array, or names separated by commas) among "red", "green", "blue" (default "any"): some colours"#,
            ),
        ];
        assert_eq!(lines.len(), want.len());
        for ((values, line), (want_values, want_line)) in lines.iter().zip(want) {
            assert_eq!((values.as_str(), line.as_str()), (want_values, want_line));
        }
        let kinds: Vec<&str> = Every::OPTIONS.iter().map(|o| o.kind.type_name()).collect();
        assert_eq!(kinds, ["bool", "yes_no", "int", "int", "int", "one_of", "choice", "list"]);
    }

    #[test]
    fn values_are_read_in_every_written_form() {
        let e = read(
            "flag = false\nanswer = 'yes'\ncount = 18\ncap = 9223372036854775807\npoints = -5\n\
                      colour = 'blue'\ncolours = ['blue', 'red']",
        )
        .unwrap();
        assert_eq!(
            (e.flag, e.answer, e.count, e.cap, e.points, e.colour),
            (false, true, 18, i64::MAX as u64, -5, Colour::Blue)
        );
        assert_eq!(e.colours, Colours(vec![Colour::Blue, Colour::Red]));
        assert_eq!(
            read("colours = ' green , red,blue'").unwrap().colours.0,
            [Colour::Green, Colour::Red, Colour::Blue]
        );
        assert_eq!(read("colours = 'any'").unwrap().colours.0, []);
        assert!(read("answer = true").unwrap().answer);
        let r = read("rounds = 3").unwrap();
        assert_eq!((r.rounds, r.rounds_written), (3, true), "written at its default: the check sees it");
    }

    #[test]
    fn every_error_names_the_option_its_values_and_default() {
        for (text, want) in [
            ("flag = 1", "flag must be true or false (default true), not 1"),
            ("flag = 'yes'", r#"flag must be true or false (default true), not "yes""#),
            ("answer = 'maybe'", r#"answer must be "yes", "no", true or false (default "no"), not "maybe""#),
            ("count = 19", "count must be an integer from 0 to 18 (default 1), not 19"),
            ("count = -1", "count must be an integer from 0 to 18 (default 1), not -1"),
            ("count = 'abc'", r#"count must be an integer from 0 to 18 (default 1), not "abc""#),
            ("count = 1.5", "count must be an integer from 0 to 18 (default 1), not 1.5"),
            ("cap = 0", "cap must be an integer of at least 1 (default 100), not 0"),
            (
                "points = 2147483648",
                "points must be an integer from -2147483648 to 2147483647 (default 50), not 2147483648",
            ),
            ("rounds = 2", "rounds must be 1, 3 or 5 (default 3), not 2"),
            ("colour = 'pink'", r#"colour must be "red", "green" or "blue" (default "green"), not "pink""#),
            ("colour = 1", r#"colour must be "red", "green" or "blue" (default "green"), not 1"#),
            (
                "nothing = 1",
                "unknown option `nothing`; valid options: flag, answer, count, cap, points, rounds, colour, colours",
            ),
            ("flag = false\nrounds = 5", "rounds needs flag = true"),
        ] {
            assert_eq!(read(text).unwrap_err(), format!("bad option for test: {want}"), "{text}");
        }
        let list = r#"colours must be "any" or a list of 2 to 3 distinct colours (an array, or names separated by commas) among "red", "green", "blue" (default "any"), not"#;
        for (text, want) in [
            ("colours = 'red'", r#""red": 1 listed, at least 2 are needed"#),
            ("colours = 'red,red'", r#""red,red": "red" is listed twice"#),
            ("colours = ['red', 'pink']", r#"["red", "pink"]: "pink" is not one of the colours"#),
            ("colours = [1, 2]", "[1, 2]"),
            ("colours = true", "true"),
        ] {
            assert_eq!(read(text).unwrap_err(), format!("bad option for test: {list} {want}"), "{text}");
        }
    }

    #[test]
    fn a_game_without_options_says_so() {
        let table: Table = toml::from_str("x = 1").unwrap();
        assert_eq!(
            parse::<()>("solo", &table).unwrap_err().to_string(),
            "bad option for solo: unknown option `x`: solo has no options"
        );
        assert_eq!(parse::<()>("solo", &Table::new()), Ok(()));
        assert_eq!(text(&()), "{}");
    }

    #[test]
    fn text_lists_every_option_in_declaration_order() {
        let e = read("colours = 'blue,red'\nanswer = 'yes'").unwrap();
        assert_eq!(
            text(&e),
            r#"{ flag = true, answer = true, count = 1, cap = 100, points = 50, rounds = 3, colour = "green", colours = ["blue", "red"] }"#
        );
        assert_eq!(option("colours").default_text(), r#""any""#);
        assert_eq!(option("answer").default_text(), r#""no""#);
    }

    #[test]
    fn command_line_items_are_toml_values_or_strings() {
        let items = |items: &[&str]| from_args(&items.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        let t = items(&["a=true", "b = 3", "c=giza,rhodes", "d=\"x y\"", "e="]).unwrap();
        assert_eq!(t["a"], TomlValue::Boolean(true));
        assert_eq!(t["b"], TomlValue::Integer(3));
        assert_eq!(t["c"], TomlValue::String("giza,rhodes".into()));
        assert_eq!(t["d"], TomlValue::String("x y".into()));
        assert_eq!(t["e"], TomlValue::String(String::new()));
        assert_eq!(items(&["a"]).unwrap_err().to_string(), "--option `a` is not of the form key=value");
        assert_eq!(
            items(&["a=1", "a=2"]).unwrap_err().to_string(),
            "--option `a` is given twice (first 1): give each option once"
        );
    }

    #[test]
    #[should_panic(expected = "an option's default is not among its valid values")]
    fn a_default_outside_its_values_is_refused() {
        // In a `const` (as `game_options!` writes it), this stops the build.
        let _ = OptionSpec::new("count", int(0..=18, 19), &[], "a count");
    }

    #[test]
    #[should_panic(expected = "an option's default is not among its valid values")]
    fn a_choice_default_outside_its_names_is_refused() {
        let _ = OptionSpec::new("colour", choice("pink"), Colour::NAMES, "a colour");
    }
}
