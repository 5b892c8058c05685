//! Typed labels: what a game says about each seat and about the whole game once it is over (a
//! BANG! seat's `role`, the `winner`), for the statistics to group results by (`summary.csv`'s
//! `label` and `value` columns, `games.csv`'s label columns, `meeple replay`).
//!
//! A game declares its labels as two plain structs, one for a seat
//! ([`crate::game::Game::SeatLabels`]) and one for a finished game
//! ([`crate::game::Game::GameLabels`]), with the [`labels!`](crate::labels!) macro: a field per
//! label, its name the label's name, its doc comment the label's meaning, its type the kind of
//! value; the field order is the order of `games.csv`'s columns. The game fills one in from its
//! state when asked ([`crate::game::Game::seat_labels`], [`crate::game::Game::game_labels`]); the
//! harness takes the names, the docs and the values from the macro's [`Labels`] impl. So a label
//! is written once, where the struct is declared, and a name or value can neither be misnumbered
//! nor misspelt.
//!
//! ```
//! use meeple::labels::{Band, Bands, Capped, Labels, YesNo};
//!
//! meeple::label_values! {
//!     /// The side that won.
//!     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//!     pub enum Side {
//!         /// The Sheriff and his Deputies.
//!         Sheriff = "sheriff",
//!         /// The Outlaws.
//!         Outlaws = "outlaws",
//!     }
//! }
//!
//! /// Bands of 25 points, the last open: `0-24`, `25-49`, `50+`.
//! static POINTS: Bands<3> = Bands::steps(25);
//!
//! meeple::labels! {
//!     /// What the statistics record of one seat.
//!     pub struct SeatLabels {
//!         /// Final points in bands of 25.
//!         pub points: Band,
//!         /// Whether the seat went first.
//!         pub first: YesNo,
//!         /// Cards left in hand, `16+` above 15; `-` (none) for a seat out of the game.
//!         pub cards: Option<Capped<16>>,
//!     }
//! }
//!
//! let seat = SeatLabels { points: POINTS.of(60), first: YesNo(true), cards: Some(Capped(3)) };
//! assert_eq!(SeatLabels::NAMES, ["points", "first", "cards"]);
//! assert_eq!([seat.text("points"), seat.text("first"), seat.text("cards")], ["50+", "yes", "3"]);
//! assert_eq!(SeatLabels { cards: None, ..seat }.text("cards"), "-");
//! assert_eq!(Side::Outlaws.text(), "outlaws");
//! ```
//!
//! In the game's [`crate::game::Game`] impl (a game without labels uses `()` and returns nothing):
//!
//! ```ignore
//! type SeatLabels = SeatLabels;
//! type GameLabels = ();
//!
//! fn seat_labels(&self, seat: Seat) -> SeatLabels {
//!     SeatLabels { points: POINTS.of(self.points[seat]), first: YesNo(seat == 0), cards: None }
//! }
//!
//! fn game_labels(&self) {}
//! ```
//!
//! The runner adds the groups `all`, `seat` and `bot` itself; a label may not be named like them
//! or like a column of `games.csv` (`reward`, `score`, `players`, `seed`, …), and a seat label
//! and a game label may not share a name: a registered game does not build otherwise.
//!
//! A label with one value per item of the game's data (7 Wonders Duel's wonders) is one array
//! field marked `#[each(NAMES)]`, where `NAMES` is a constant array of the items' label names
//! made from the game's data table (so that they are written only there); it gives one label per
//! item, in array order, named by `NAMES`.
//!
//! A label decided by play (a seat's result or points band, who flies, the number of rounds, the
//! winners) is marked `#[kind(outcome)]` where it is declared; the others (seats, roles, cards
//! dealt, the rules' options) are setup labels. Balance verdicts judge setup labels only
//! ([`crate::stats::balance`]): an outcome label's values differ by construction.
//!
//! # Values
//! A field's type implements [`LabelValue`], which gives its [`Value`]: the few kinds the
//! statistics know, with their texts fixed here (they are the `value` cells of the outputs):
//! - integers (`u8`…`i32`, `usize`): the number in decimal;
//! - [`Capped<N>`]: a count, `N+` from `N` on;
//! - [`Band`] (from a [`Bands`] table): a range of numbers, `low-high`, `low+` for the last one,
//!   `<=high` for an open first one;
//! - `bool`: `true`/`false`; [`YesNo`]: `yes`/`no`;
//! - [`OrNone<T>`]: a `T`, or `none` when absent (a value of its own: no seat ended the game);
//! - a unit enum declared with [`label_values!`](crate::label_values!): the text given to each
//!   variant;
//! - `Option<T>`: `-` for `None` (not applicable, e.g. a round that was not played).
//!
//! A game with values of its own kind (Laser Reflection's effort: a number, or `gave_up`)
//! implements [`LabelValue`] for its type.
//!
//! # Why this design
//! Values are typed rather than `&'static str`, so that the statistics key a value by a number
//! ([`Value::key`]; before, by the address of its text) and write its text only into the outputs,
//! numbers need no table of decimal strings, and reading a game's labels allocates nothing. The
//! mechanism is a `macro_rules!` macro, not a derive: it needs no proc-macro crate, builds in no
//! time, and what it emits (the struct as written, a list of [`Field`]s and a visitor) is plain
//! enough to read. Serde was the alternative: a custom zero-allocation `Serializer` would visit
//! the fields as well, but gives neither field docs nor compile-time names, and its renames
//! would be a second place for value texts. The names are checked at compile time: within a
//! struct by the macro, against the other struct and `games.csv`'s columns by
//! [`crate::registry::entry`] (see [`crate::tournament::label_clash`]).

use std::fmt;

use crate::const_text::same;

/// A label value, as the statistics count it and the outputs write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Not applicable: written `-`.
    None,
    /// An integer: written in decimal, e.g. `-13`.
    Int(i64),
    /// `n` or more, the top value of a capped count: written `n+`.
    AtLeast(i64),
    /// One of a fixed list of texts: its index in the list, and its text.
    Text(u16, &'static str),
    /// Band `index` of a band table given by its lower bounds (see [`Bands`]): written `low-high`,
    /// `low` for a band of one value, `low+` for the last band, `<=high` for a first band that
    /// starts at `i32::MIN`.
    Band(u16, &'static [i32]),
}

impl Value {
    /// A number that tells this value from every other value of the same label (values of one
    /// label come from one type, so a band or text is known by its index): a kind tag in the top
    /// byte, the integer or index below. The statistics key values by it.
    #[inline]
    pub fn key(self) -> u64 {
        const LOW: u64 = (1 << 56) - 1;
        let (tag, payload) = match self {
            Value::None => (0, 0),
            Value::Int(n) => (1, n as u64),
            Value::AtLeast(n) => (2, n as u64),
            Value::Text(i, _) => (3, u64::from(i)),
            Value::Band(i, _) => (4, u64::from(i)),
        };
        tag << 56 | payload & LOW
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::None => f.write_str("-"),
            Value::Int(n) => write!(f, "{n}"),
            Value::AtLeast(n) => write!(f, "{n}+"),
            Value::Text(_, text) => f.write_str(text),
            Value::Band(i, lows) => {
                let low = lows[usize::from(i)];
                match lows.get(usize::from(i) + 1).map(|next| next - 1) {
                    None => write!(f, "{low}+"),
                    Some(high) if low == i32::MIN => write!(f, "<={high}"),
                    Some(high) if high == low => write!(f, "{low}"),
                    Some(high) => write!(f, "{low}-{high}"),
                }
            }
        }
    }
}

/// The type of a label field: how its values become [`Value`]s.
pub trait LabelValue: Copy {
    /// This value as the statistics see it.
    fn value(self) -> Value;

    /// Every text a value of this type can be written as, when the type fixes them (a list of
    /// names, yes/no, a capped count); `None` when it does not (a plain number, a band whose
    /// table is a value's). A sweep checks its `[objective] value` against it before playing.
    fn domain() -> Option<Vec<String>> {
        None
    }
}

macro_rules! integer_values {
    ($($t:ty),*) => {$(
        impl LabelValue for $t {
            #[inline]
            fn value(self) -> Value {
                Value::Int(self as i64)
            }
        }
    )*};
}
integer_values!(u8, u16, u32, i8, i16, i32, usize);

impl LabelValue for bool {
    /// `true` or `false`.
    #[inline]
    fn value(self) -> Value {
        Value::Text(u16::from(self), if self { "true" } else { "false" })
    }

    fn domain() -> Option<Vec<String>> {
        Some(vec!["false".into(), "true".into()])
    }
}

/// A yes-or-no label, written `yes` or `no` (a plain `bool` is written `true` or `false`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YesNo(pub bool);

impl LabelValue for YesNo {
    #[inline]
    fn value(self) -> Value {
        Value::Text(u16::from(self.0), if self.0 { "yes" } else { "no" })
    }

    fn domain() -> Option<Vec<String>> {
        Some(vec!["no".into(), "yes".into()])
    }
}

impl<T: LabelValue> LabelValue for Option<T> {
    /// `None` is not applicable, written `-`.
    #[inline]
    fn value(self) -> Value {
        self.map_or(Value::None, T::value)
    }

    fn domain() -> Option<Vec<String>> {
        T::domain().map(|d| d.into_iter().chain(["-".to_string()]).collect())
    }
}

/// An optional value whose absence is a value of its own, written `none` (no seat ended the
/// game, no wonder was lost), where `Option`'s `-` says that the label does not apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrNone<T>(pub Option<T>);

impl<T: LabelValue> LabelValue for OrNone<T> {
    #[inline]
    fn value(self) -> Value {
        // An index no value list reaches, so that `none` is told apart from every `T`.
        self.0.map_or(Value::Text(u16::MAX, "none"), T::value)
    }

    fn domain() -> Option<Vec<String>> {
        T::domain().map(|d| d.into_iter().chain(["none".to_string()]).collect())
    }
}

/// A count written exactly below `CAP` and as `CAP+` from `CAP` on, e.g. `Capped::<16>(20)` is
/// `16+`: the values a label can take stay few.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capped<const CAP: u32>(pub u32);

impl<const CAP: u32> LabelValue for Capped<CAP> {
    #[inline]
    fn value(self) -> Value {
        if self.0 >= CAP { Value::AtLeast(CAP.into()) } else { Value::Int(self.0.into()) }
    }

    fn domain() -> Option<Vec<String>> {
        Some((0..=CAP).map(|k| Self(k).value().to_string()).collect())
    }
}

/// A table of `N` bands of integers, given by their lower bounds in increasing order: band `k`
/// holds `lows[k]..lows[k + 1]`, the last band everything from its bound up, and the first band
/// everything below `lows[1]` too (start it at `i32::MIN` to write it `<=high`). Declared as a
/// `static`, so that its [`Band`]s can point to it; e.g. `static FLIES: Bands<5> = Bands::steps(25)`
/// gives `0-24`, `25-49`, `50-74`, `75-99`, `100+`.
#[derive(Debug)]
pub struct Bands<const N: usize>([i32; N]);

impl<const N: usize> Bands<N> {
    /// Bands with lower bounds `lows`, e.g. `[0, 1, 3, 6]`: `0`, `1-2`, `3-5`, `6+`.
    ///
    /// # Panics
    /// At compile time in a `static`, if `lows` is empty or not increasing.
    pub const fn new(lows: [i32; N]) -> Self {
        assert!(N > 0, "a band table has a band");
        let mut i = 1;
        while i < N {
            assert!(lows[i - 1] < lows[i], "band bounds increase");
            i += 1;
        }
        Self(lows)
    }

    /// `N` bands of `width` from 0: `0-(width-1)`, …, and `(N-1)·width+` last.
    pub const fn steps(width: i32) -> Self {
        let mut lows = [0; N];
        let mut i = 0;
        while i < N {
            lows[i] = i as i32 * width;
            i += 1;
        }
        Self::new(lows)
    }

    /// The band holding `value`.
    #[inline]
    pub fn of(&'static self, value: i32) -> Band {
        let above = self.0.iter().take_while(|&&low| low <= value).count();
        Band { index: above.saturating_sub(1) as u16, lows: &self.0 }
    }
}

/// A band of a [`Bands`] table, e.g. `25-49`: made by [`Bands::of`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Band {
    /// Its index in the table.
    index: u16,
    /// The table's lower bounds.
    lows: &'static [i32],
}

impl LabelValue for Band {
    #[inline]
    fn value(self) -> Value {
        Value::Band(self.index, self.lows)
    }
}

/// One field of a labels struct: one label, or with `each` one label per item.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    /// The field's name: the label's name, unless `each` is given.
    pub name: &'static str,
    /// The field's doc comment, one line per line (as written, with its leading spaces).
    pub doc: &'static str,
    /// For a field with one label per item (`#[each(NAMES)]`), the labels' names.
    pub each: Option<&'static [&'static str]>,
    /// The texts its values can take, when its type fixes them ([`LabelValue::domain`]).
    pub values: fn() -> Option<Vec<String>>,
    /// Whether the label is decided by play (`#[kind(outcome)]`: who flies, the number of
    /// rounds, the winning side) rather than fixed before it (`#[kind(setup)]`, the default: a
    /// seat, a role, a card dealt). Balance verdicts judge only setup labels.
    pub kind: LabelKind,
}

/// When a label's value is fixed: before play (a design question: is it fair?) or by play (a
/// description of how games end). See [`Field::kind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LabelKind {
    /// Fixed before play (seat, role, character, cards dealt): the default.
    #[default]
    Setup,
    /// Decided by play (a seat's result, its points band, the number of rounds, the winners).
    Outcome,
}

impl LabelKind {
    /// `setup` or `outcome`, as `balance.csv` writes it.
    pub fn text(self) -> &'static str {
        match self {
            LabelKind::Setup => "setup",
            LabelKind::Outcome => "outcome",
        }
    }
}

/// By slot of `L` (its [`Labels::NAMES`]), whether the label is an outcome label.
pub fn outcome_slots<L: Labels>() -> Vec<bool> {
    let outcome = outcome_names(L::FIELDS);
    L::NAMES.iter().map(|n| outcome.contains(n)).collect()
}

/// The names of the outcome labels among `fields` (a field with `#[each]` gives each item's
/// name), in declaration order.
pub fn outcome_names(fields: &[Field]) -> Vec<&'static str> {
    fields
        .iter()
        .filter(|f| f.kind == LabelKind::Outcome)
        .flat_map(|f| f.each.map_or_else(|| vec![f.name], <[&str]>::to_vec))
        .collect()
}

impl Field {
    /// The label's one-line meaning, as `meeple list` shows it: the first sentence of the doc
    /// comment's first paragraph, its lines joined by spaces and rustdoc link brackets
    /// (`` [`PARTS`] ``) dropped. A sentence ends at a period followed by a space and a capital.
    pub fn summary(&self) -> String {
        let paragraph: Vec<&str> = self.doc.lines().map(str::trim).take_while(|l| !l.is_empty()).collect();
        let text = paragraph.join(" ").replace("[`", "`").replace("`]", "`");
        let bytes = text.as_bytes();
        let end = (0..bytes.len().saturating_sub(2))
            .find(|&i| bytes[i] == b'.' && bytes[i + 1] == b' ' && bytes[i + 2].is_ascii_uppercase())
            .map_or(text.len(), |i| i + 1);
        text[..end].to_string()
    }

    /// The names of the labels the field gives: its own, or each item's.
    pub fn names(&self) -> &[&'static str] {
        match self.each {
            Some(names) => names,
            None => std::slice::from_ref(&self.name),
        }
    }
}

/// The label names of `fields` on one line, for `meeple list`: `role, character`; a field with
/// one label per item gives its first and last names, e.g. `appian_way … temple_of_artemis (12)`;
/// `none` without fields.
pub fn names_line(fields: &[Field]) -> String {
    let names: Vec<String> = fields
        .iter()
        .map(|f| match f.each {
            Some([one]) => one.to_string(),
            Some([first, .., last]) => format!("{first} … {last} ({})", f.names().len()),
            _ => f.name.to_string(),
        })
        .collect();
    if names.is_empty() { "none".into() } else { names.join(", ") }
}

/// A record of labels, declared with [`labels!`](crate::labels!) (which implements this trait):
/// the names and docs of its labels, and a visitor over its values.
pub trait Labels: Copy + fmt::Debug + PartialEq {
    /// The record's fields in declaration order, with their docs.
    const FIELDS: &'static [Field];
    /// The names of its labels, in order (a field with `#[each]` gives one per item): the label
    /// columns of `games.csv`. Distinct (checked at compile time).
    const NAMES: &'static [&'static str];

    /// Calls `f(k, value)` for each label in [`Labels::NAMES`] order, `k` its index there.
    /// Allocates nothing.
    fn visit(&self, f: &mut impl FnMut(usize, Value));

    /// The value of the label named `name`, or `None` if there is no such label.
    fn get(&self, name: &str) -> Option<Value> {
        let k = Self::NAMES.iter().position(|&n| n == name)?;
        let mut found = None;
        self.visit(&mut |i, v| {
            if i == k {
                found = Some(v);
            }
        });
        found
    }

    /// The text of the label named `name`, as the outputs write it.
    ///
    /// # Panics
    /// If there is no such label.
    fn text(&self, name: &str) -> String {
        let v = self.get(name).unwrap_or_else(|| panic!("no label `{name}` in {:?}", Self::NAMES));
        v.to_string()
    }

    /// Every label's text, in order (for tests; allocates).
    fn texts(&self) -> Vec<String> {
        let mut out = Vec::with_capacity(Self::NAMES.len());
        self.visit(&mut |_, v| out.push(v.to_string()));
        out
    }

    /// Every label's name and value, in order (for replays and tests; allocates).
    fn pairs(&self) -> Vec<(&'static str, Value)> {
        let mut out = Vec::with_capacity(Self::NAMES.len());
        self.visit(&mut |k, v| out.push((Self::NAMES[k], v)));
        out
    }
}

/// No labels, for a game without them (Connect Four): `type SeatLabels = ();`.
impl Labels for () {
    const FIELDS: &'static [Field] = &[];
    const NAMES: &'static [&'static str] = &[];

    fn visit(&self, _: &mut impl FnMut(usize, Value)) {}
}

/// How many labels `fields` give (used by [`labels!`](crate::labels!)).
#[doc(hidden)]
pub const fn name_count(fields: &[Field]) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < fields.len() {
        n += match fields[i].each {
            Some(names) => names.len(),
            None => 1,
        };
        i += 1;
    }
    n
}

/// The names of the labels `fields` give, in order (used by [`labels!`](crate::labels!)).
#[doc(hidden)]
pub const fn flat_names<const N: usize>(fields: &[Field]) -> [&'static str; N] {
    let mut out = [""; N];
    let (mut n, mut i) = (0, 0);
    while i < fields.len() {
        match fields[i].each {
            Some(names) => {
                let mut k = 0;
                while k < names.len() {
                    out[n] = names[k];
                    n += 1;
                    k += 1;
                }
            }
            None => {
                out[n] = fields[i].name;
                n += 1;
            }
        }
        i += 1;
    }
    assert!(n == N, "one name per label");
    out
}

/// A name given twice in `names`, or `None` (a `const fn`, for compile-time checks).
pub const fn repeated(names: &[&'static str]) -> Option<&'static str> {
    let mut i = 0;
    while i < names.len() {
        let mut j = 0;
        while j < i {
            if same(names[i], names[j]) {
                return Some(names[i]);
            }
            j += 1;
        }
        i += 1;
    }
    None
}

/// The length of an `#[each]` field's array type (used by [`labels!`](crate::labels!)).
#[doc(hidden)]
pub trait Each {
    /// The number of items.
    const LEN: usize;

    /// The texts an item's value can take ([`LabelValue::domain`]).
    fn domain() -> Option<Vec<String>>;
}

impl<T: LabelValue, const N: usize> Each for [T; N] {
    const LEN: usize = N;

    fn domain() -> Option<Vec<String>> {
        T::domain()
    }
}

/// Declares a record of labels: the struct as written (with `Clone, Copy, Debug, PartialEq, Eq`
/// derived) and its [`Labels`](crate::labels::Labels) impl. Each field is a label: its name is
/// the label's name, its doc comment (required) the label's meaning (`meeple list` shows its
/// first sentence, [`Field::summary`]), its type a [`LabelValue`](crate::labels::LabelValue). A field marked
/// `#[each(NAMES)]` after its doc comment is an array `[T; N]` giving one label per item, named
/// by the constant array `NAMES` (`N` names, checked at compile time). A field marked
/// `#[kind(outcome)]` (after `#[each]`, if any) is decided by play, not fixed before it
/// ([`Field::kind`]; `#[kind(setup)]` is the default): `balance.csv` marks it `outcome` and its
/// balance line describes the outcome instead of judging fairness.
///
/// ```
/// use meeple::labels::{Capped, LabelKind, Labels, YesNo, outcome_names};
///
/// /// The label names of the three tokens, from the game's data.
/// const TOKENS: [&str; 3] = ["token_law", "token_masonry", "token_urbanism"];
///
/// meeple::labels! {
///     /// What the statistics record of a finished game.
///     pub struct GameLabels {
///         /// Rounds played, `16+` above 15.
///         #[kind(outcome)]
///         pub rounds: Capped<16>,
///         /// Whether each token was taken, one label per token.
///         #[each(TOKENS)]
///         #[kind(outcome)]
///         pub taken: [YesNo; 3],
///         /// Whether the variant with a fourth token was dealt.
///         pub fourth: YesNo,
///     }
/// }
///
/// let g = GameLabels { rounds: Capped(7), taken: [YesNo(true), YesNo(false), YesNo(false)], fourth: YesNo(false) };
/// assert_eq!(GameLabels::NAMES, ["rounds", "token_law", "token_masonry", "token_urbanism", "fourth"]);
/// assert_eq!((g.text("rounds"), g.text("token_law")), ("7".to_string(), "yes".to_string()));
/// assert_eq!(GameLabels::FIELDS[2].kind, LabelKind::Setup);
/// assert_eq!(outcome_names(GameLabels::FIELDS), ["rounds", "token_law", "token_masonry", "token_urbanism"]);
/// ```
///
/// Two labels of one name do not compile.
///
/// ```compile_fail
/// meeple::labels! {
///     /// Labels.
///     pub struct Twice {
///         /// One.
///         pub a: u8,
///         /// The same name, from an item list.
///         #[each(["a", "b"])]
///         pub items: [u8; 2],
///     }
/// }
/// ```
#[macro_export]
macro_rules! labels {
    (
        $(#[$attr:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[doc = $doc:literal])+
                $(#[each($names:expr)])?
                $(#[kind($kind:ident)])?
                $fvis:vis $field:ident : $ty:ty
            ),* $(,)?
        }
    ) => {
        $(#[$attr])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis struct $name {
            $( $(#[doc = $doc])+ $fvis $field: $ty, )*
        }

        impl $crate::labels::Labels for $name {
            const FIELDS: &'static [$crate::labels::Field] = &[$(
                $crate::labels::Field {
                    name: stringify!($field),
                    doc: concat!($($doc, "\n"),+),
                    each: $crate::labels!(@each $($names)?),
                    values: $crate::labels!(@values $ty $(, $names)?),
                    kind: $crate::labels!(@kind $($kind)?),
                },
            )*];
            const NAMES: &'static [&'static str] = {
                const N: usize = $crate::labels::name_count(<$name as $crate::labels::Labels>::FIELDS);
                const NAMES: [&str; N] = $crate::labels::flat_names(<$name as $crate::labels::Labels>::FIELDS);
                &NAMES
            };

            #[inline]
            fn visit(&self, f: &mut impl FnMut(usize, $crate::labels::Value)) {
                let mut k = 0;
                $( $crate::labels!(@visit f, k, self.$field $(, $names)?); )*
                let _ = k;
            }
        }

        const _: () = {
            if let Some(_) = $crate::labels::repeated(<$name as $crate::labels::Labels>::NAMES) {
                panic!(concat!("two labels of `", stringify!($name), "` have one name"));
            }
            $( $crate::labels!(@check $ty $(, $names)?); )*
        };
    };
    (@each) => { None };
    (@kind) => { $crate::labels::LabelKind::Setup };
    (@kind setup) => { $crate::labels::LabelKind::Setup };
    (@kind outcome) => { $crate::labels::LabelKind::Outcome };
    (@each $names:expr) => { Some(&$names) };
    (@values $ty:ty) => { <$ty as $crate::labels::LabelValue>::domain };
    (@values $ty:ty, $names:expr) => { <$ty as $crate::labels::Each>::domain };
    (@visit $f:ident, $k:ident, $value:expr) => {
        $f($k, $crate::labels::LabelValue::value($value));
        $k += 1;
    };
    (@visit $f:ident, $k:ident, $value:expr, $names:expr) => {
        for v in &$value {
            $f($k, $crate::labels::LabelValue::value(*v));
            $k += 1;
        }
    };
    (@check $ty:ty) => {};
    (@check $ty:ty, $names:expr) => {
        assert!(
            <$ty as $crate::labels::Each>::LEN == $names.len(),
            "an #[each] field has one item per name"
        );
    };
}

/// The length of `prefix` before each of `names`, written one after the other.
#[doc(hidden)]
pub const fn joined_len(prefix: &str, names: &[&str]) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < names.len() {
        n += prefix.len() + names[i].len();
        i += 1;
    }
    n
}

/// `prefix` before each of `names`, written one after the other (`LEN` is [`joined_len`]).
#[doc(hidden)]
pub const fn join<const LEN: usize>(prefix: &str, names: &[&str]) -> [u8; LEN] {
    /// Copies `bytes` into `out` at `at`; returns where they end.
    const fn copy(out: &mut [u8], at: usize, bytes: &[u8]) -> usize {
        let mut k = 0;
        while k < bytes.len() {
            out[at + k] = bytes[k];
            k += 1;
        }
        at + k
    }
    let mut out = [0; LEN];
    let (mut at, mut i) = (0, 0);
    while i < names.len() {
        at = copy(&mut out, at, prefix.as_bytes());
        at = copy(&mut out, at, names[i].as_bytes());
        i += 1;
    }
    out
}

/// The `N` names of [`join`]'s text `text`, cut where `prefix` and each of `names` end.
#[doc(hidden)]
pub const fn split_joined<const N: usize>(text: &'static [u8], prefix: &str, names: &[&str]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut rest = text;
    let mut i = 0;
    while i < N {
        let (name, after) = rest.split_at(prefix.len() + names[i].len());
        out[i] = match std::str::from_utf8(name) {
            Ok(name) => name,
            Err(_) => panic!("names are UTF-8"),
        };
        rest = after;
        i += 1;
    }
    out
}

/// Label names made at compile time by putting a prefix before each name of a constant array,
/// e.g. `concat_names!("progress_", TOKEN_NAMES)` gives `["progress_agriculture", …]`: for an
/// `#[each]` field whose items' names are in the game's data without the prefix.
///
/// ```
/// const TOKENS: [&str; 2] = ["law", "urbanism"];
/// const LABELS: [&str; 2] = meeple::concat_names!("token_", TOKENS);
/// assert_eq!(LABELS, ["token_law", "token_urbanism"]);
/// ```
#[macro_export]
macro_rules! concat_names {
    ($prefix:expr, $names:expr) => {{
        const NAMES: &[&str] = &$names;
        const LEN: usize = $crate::labels::joined_len($prefix, NAMES);
        const TEXT: &[u8] = &$crate::labels::join::<LEN>($prefix, NAMES);
        $crate::labels::split_joined::<{ NAMES.len() }>(TEXT, $prefix, NAMES)
    }};
}

/// Declares a unit enum whose variants are label values with fixed texts: the enum as written
/// (attributes and variant docs kept, `= "text"` dropped), `TEXTS` (the texts in variant order),
/// `text()` and its [`LabelValue`](crate::labels::LabelValue) impl. The enum must be `Copy`.
///
/// ```
/// meeple::label_values! {
///     /// How the game ended.
///     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///     pub enum End {
///         /// A player built a wonder.
///         Wonder = "wonder",
///         /// The decks ran out.
///         DecksExhausted = "decks_exhausted",
///     }
/// }
///
/// assert_eq!(End::DecksExhausted.text(), "decks_exhausted");
/// assert_eq!(End::TEXTS, ["wonder", "decks_exhausted"]);
/// ```
#[macro_export]
macro_rules! label_values {
    (
        $(#[$attr:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vattr:meta])* $variant:ident = $text:literal ),* $(,)?
        }
    ) => {
        $(#[$attr])*
        $vis enum $name {
            $( $(#[$vattr])* $variant, )*
        }

        impl $name {
            /// The label texts of the variants, in declaration order.
            pub const TEXTS: &'static [&'static str] = &[$($text),*];

            /// The label text of this value, e.g. `"sheriff"`.
            pub const fn text(self) -> &'static str {
                Self::TEXTS[self as usize]
            }
        }

        impl $crate::labels::LabelValue for $name {
            #[inline]
            fn value(self) -> $crate::labels::Value {
                $crate::labels::Value::Text(self as u16, Self::TEXTS[self as usize])
            }

            fn domain() -> Option<Vec<String>> {
                Some(Self::TEXTS.iter().map(|t| t.to_string()).collect())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    static SIX: Bands<4> = Bands::new([0, 1, 3, 6]);
    static POINTS: Bands<5> = Bands::new([i32::MIN, 1, 25, 50, 75]);
    static FLIES: Bands<5> = Bands::steps(25);

    /// Item names, as a game makes them from its data table.
    const ITEMS: [&str; 3] = ["apple", "pear", "plum"];

    crate::label_values! {
        /// A test enum.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum Fruit {
            /// First.
            Apple = "apple",
            /// Second.
            Pear = "pear_tree",
        }
    }

    crate::labels! {
        /// Every kind of value.
        struct Every {
            /// A number.
            /// Second line of the doc.
            number: i32,
            /// A count.
            count: Capped<16>,
            /// A band.
            band: Band,
            /// A flag.
            flag: bool,
            /// A yes or no.
            yes: YesNo,
            /// An enum.
            fruit: Fruit,
            /// Maybe a number.
            maybe: Option<u8>,
            /// One per item.
            #[each(ITEMS)]
            items: [Option<Fruit>; 3],
        }
    }

    fn every() -> Every {
        Every {
            number: -13,
            count: Capped(16),
            band: SIX.of(2),
            flag: true,
            yes: YesNo(false),
            fruit: Fruit::Pear,
            maybe: None,
            items: [None, Some(Fruit::Apple), Some(Fruit::Pear)],
        }
    }

    #[test]
    fn names_docs_and_texts_come_from_the_struct() {
        let names = ["number", "count", "band", "flag", "yes", "fruit", "maybe", "apple", "pear", "plum"];
        assert_eq!(Every::NAMES, names);
        assert_eq!(Every::FIELDS.len(), 8);
        assert_eq!(Every::FIELDS[0].doc, " A number.\n Second line of the doc.\n");
        assert_eq!(Every::FIELDS[0].summary(), "A number.");
        assert_eq!((Every::FIELDS[7].name, Every::FIELDS[7].each), ("items", Some(&ITEMS[..])));
        assert_eq!(Every::FIELDS[7].names(), ITEMS);
        assert_eq!(names_line(Every::FIELDS), "number, count, band, flag, yes, fruit, maybe, apple … plum (3)");
        assert_eq!(names_line(&[]), "none");
        let texts: Vec<String> = every().pairs().iter().map(|(_, v)| v.to_string()).collect();
        assert_eq!(texts, ["-13", "16+", "1-2", "true", "no", "pear_tree", "-", "-", "apple", "pear_tree"]);
        assert_eq!(every().get("plum"), Some(Value::Text(1, "pear_tree")));
        assert_eq!(every().get("nothing"), None);
        assert_eq!((Fruit::Apple.text(), Fruit::TEXTS), ("apple", &["apple", "pear_tree"][..]));
        assert_eq!(<() as Labels>::NAMES.len(), 0);
    }

    #[test]
    fn capped_counts_and_bands_are_written_as_before() {
        let text = |v: Value| v.to_string();
        assert_eq!([0, 15, 16, 40].map(|n| text(Capped::<16>(n).value())), ["0", "15", "16+", "16+"]);
        assert_eq!(
            [0, 1, 2, 3, 5, 6, 99].map(|n| text(SIX.of(n).value())),
            ["0", "1-2", "1-2", "3-5", "3-5", "6+", "6+"]
        );
        assert_eq!(
            [-7, 0, 1, 24, 25, 74, 75].map(|n| text(POINTS.of(n).value())),
            ["<=0", "<=0", "1-24", "1-24", "25-49", "50-74", "75+"]
        );
        assert_eq!(
            [-1, 0, 24, 25, 99, 100, 500].map(|n| text(FLIES.of(n).value())),
            ["0-24", "0-24", "0-24", "25-49", "75-99", "100+", "100+"]
        );
        assert_eq!(
            (text(true.value()), text(false.value()), text(YesNo(true).value())),
            ("true".into(), "false".into(), "yes".into())
        );
        assert_eq!(text(Some(7u8).value()), "7");
        assert_eq!(text(Option::<u8>::None.value()), "-");
    }

    #[test]
    fn keys_tell_the_values_of_one_label_apart() {
        let values = [
            Value::None,
            Value::Int(0),
            Value::Int(-1),
            Value::Int(16),
            Value::AtLeast(16),
            Value::Text(0, "a"),
            Value::Text(1, "b"),
            Value::Band(0, &[0, 1]),
            Value::Band(1, &[0, 1]),
        ];
        for (i, a) in values.iter().enumerate() {
            for (j, b) in values.iter().enumerate() {
                assert_eq!(a.key() == b.key(), i == j, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn repeated_names_are_found() {
        assert_eq!(repeated(&["a", "b", "c"]), None);
        assert_eq!(repeated(&["a", "b", "a"]), Some("a"));
        assert!(same("ab", "ab") && !same("ab", "abc") && !same("ab", "ac"));
    }
}
