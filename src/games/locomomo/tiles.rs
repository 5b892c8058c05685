//! Loco Momo's components and fixed numbers (spec "Components and data" and "Notation"): the 15
//! tile types (5 species × 3 colours, 7 copies each, 105 tiles), the forest's 4 areas of 4
//! spaces, the 5 × 5 photo board, the movement table and the set-points table `f`.

use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// The rules this data follows: the spec file and the seed revision it rests on.
pub const DATA_VERSION: &str = "docs/rules/locomomo.md (base game; seed Gamehelplocomomo, BGA, 2022-02-19)";

/// Species, in the spec's order (index 0–4).
pub const SPECIES: usize = 5;
/// Background colours, in the spec's order (index 0–2).
pub const COLOURS: usize = 3;
/// Tile types: species × colour.
pub const TYPES: usize = SPECIES * COLOURS;
/// Copies of each tile type (SEED: 7 per species and colour).
pub const COPIES: u8 = 7;
/// Tiles in the game: 105.
pub const TILES: usize = TYPES * COPIES as usize;
/// Areas of the forest, a ring A0 → A1 → A2 → A3 → A0 clockwise (Decision 1).
pub const AREAS: usize = 4;
/// Spaces per forest area (R-3S).
pub const AREA_SPACES: u8 = 4;
/// Rows of a photo board, 1 (bottom) to 5 (top).
pub const ROWS: usize = 5;
/// Columns of a photo board, 1 (left) to 5 (right).
pub const COLUMNS: usize = 5;
/// Turns each player takes (rule 13).
pub const TURNS_PER_PLAYER: usize = 6;
/// The most seats (the published game plays 1–4).
pub const MAX_PLAYERS: usize = 4;
/// The highest possible score of a board (spec "Components and data"), the solo reward's divisor.
pub const MAX_SCORE: u8 = 113;

/// `f(k)`, the points of a set of `k` (0–5): 0, 1, 2, 5, 9, 14 (SEED's `1/2/5/9/14`).
pub const SET_POINTS: [u8; 6] = [0, 1, 2, 5, 9, 14];

/// An animal species.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Species {
    /// `R`: moves one area clockwise.
    Rabbit,
    /// `L`: moves one area counter-clockwise.
    LeopardCat,
    /// `E`: flies to the opposite area.
    Eagle,
    /// `B`: stays in its area.
    Bear,
    /// `D`: moves clockwise to the next area holding a duck (Decision 2).
    Duck,
}

impl Species {
    /// Every species, in index order.
    pub const ALL: [Species; SPECIES] = [Self::Rabbit, Self::LeopardCat, Self::Eagle, Self::Bear, Self::Duck];

    /// The species of index `i` (0–4).
    #[inline]
    pub fn from_index(i: usize) -> Self {
        Self::ALL[i]
    }

    /// The one-letter symbol of the spec: `R`, `L`, `E`, `B` or `D`.
    pub fn symbol(self) -> char {
        ['R', 'L', 'E', 'B', 'D'][self as usize]
    }

    /// Clockwise steps to the destination area for every species but the duck (spec movement
    /// table: rabbit 1, leopard cat 3 = one counter-clockwise, eagle 2 = diagonal, bear 0); the
    /// duck's depends on the forest ([`super::Forest::destination`]) and is `None` here.
    pub fn fixed_steps(self) -> Option<usize> {
        [Some(1), Some(3), Some(2), Some(0), None][self as usize]
    }
}

/// A background colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Colour {
    /// `b`
    Blue,
    /// `n` (brown, French "marron")
    Brown,
    /// `g`
    Green,
}

impl Colour {
    /// Every colour, in index order.
    pub const ALL: [Colour; COLOURS] = [Self::Blue, Self::Brown, Self::Green];

    /// The one-letter symbol of the spec: `b`, `n` or `g`.
    pub fn symbol(self) -> char {
        ['b', 'n', 'g'][self as usize]
    }
}

/// A tile type: a species on a colour, index `species × 3 + colour` (0–14), so types in index
/// order are by species, then colour (the canonical order of the spec's `Pick` actions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Tile(u8);

impl Tile {
    /// The tile of `species` on `colour`.
    #[inline]
    pub fn new(species: Species, colour: Colour) -> Self {
        Self(species as u8 * COLOURS as u8 + colour as u8)
    }

    /// The tile of type index `i` (0–14).
    #[inline]
    pub fn from_index(i: usize) -> Self {
        debug_assert!(i < TYPES);
        Self(i as u8)
    }

    /// Its type index (0–14).
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Its species.
    #[inline]
    pub fn species(self) -> Species {
        Species::ALL[usize::from(self.0) / COLOURS]
    }

    /// Its colour.
    #[inline]
    pub fn colour(self) -> Colour {
        Colour::ALL[usize::from(self.0) % COLOURS]
    }

    /// Every tile type, in index order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..TYPES).map(Tile::from_index)
    }
}

impl fmt::Display for Tile {
    /// The spec's notation: species then colour, e.g. `Lg` (a green leopard cat).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.species().symbol(), self.colour().symbol())
    }
}

/// A tile not in the spec's notation (the text given).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad tile `{0}`: a species R/L/E/B/D then a colour b/n/g, e.g. `Lg`")]
pub struct BadTile(pub String);

impl FromStr for Tile {
    type Err = BadTile;

    /// Parses the spec's notation (`Db`, `Rg`, `En`).
    ///
    /// # Errors
    /// [`BadTile`]: anything else, named with the valid letters.
    fn from_str(s: &str) -> Result<Self, BadTile> {
        let mut chars = s.chars();
        let (Some(sp), Some(co), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(BadTile(s.to_string()));
        };
        let species = Species::ALL.into_iter().find(|x| x.symbol() == sp);
        let colour = Colour::ALL.into_iter().find(|x| x.symbol() == co);
        match (species, colour) {
            (Some(sp), Some(co)) => Ok(Tile::new(sp, co)),
            _ => Err(BadTile(s.to_string())),
        }
    }
}

/// Parses a space-separated list of tiles in the spec's notation (`"Db Rg Rg Bn"`).
///
/// # Errors
/// [`BadTile`]: the first bad tile.
pub fn parse_tiles(s: &str) -> Result<Vec<Tile>, BadTile> {
    s.split_whitespace().map(str::parse).collect()
}
