//! The forest: 4 areas in a clockwise ring, each an unordered group of at most 4 tiles kept as a
//! count per tile type (Decisions 1 and 3), and the animals' moves between them (spec rules 4–5,
//! movement table, Decisions 2 and 4).

use serde::Serialize;
use std::fmt;

use super::tiles::{AREA_SPACES, AREAS, COLOURS, Colour, SPECIES, Species, TYPES, Tile};

/// The forest board: `areas[a][t]` = tiles of type `t` in area `a` (A0 top-left, then clockwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Forest {
    areas: [[u8; TYPES]; AREAS],
}

impl Forest {
    /// Tiles of type `tile` in `area` (0–3).
    #[inline]
    pub fn count(&self, area: usize, tile: Tile) -> u8 {
        self.areas[area][tile.index()]
    }

    /// Tiles in `area` (0–4).
    #[inline]
    pub fn area_len(&self, area: usize) -> u8 {
        self.areas[area].iter().sum()
    }

    /// Tiles on the whole forest (0–16).
    pub fn len(&self) -> u8 {
        (0..AREAS).map(|a| self.area_len(a)).sum()
    }

    /// Whether no tile is on the forest (rule 12).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Puts `tile` into `area`.
    ///
    /// # Panics
    /// In debug builds, if the area already holds 4 tiles.
    #[inline]
    pub fn add(&mut self, area: usize, tile: Tile) {
        debug_assert!(self.area_len(area) < AREA_SPACES, "area A{area} is full");
        self.areas[area][tile.index()] += 1;
    }

    /// Lifts one `tile` out of `area`.
    ///
    /// # Panics
    /// If the area holds no such tile.
    #[inline]
    pub fn remove(&mut self, area: usize, tile: Tile) {
        let n = &mut self.areas[area][tile.index()];
        assert!(*n > 0, "no {tile} in A{area}");
        *n -= 1;
    }

    /// Whether `area` holds a duck of any colour.
    fn has_duck(&self, area: usize) -> bool {
        let first = Species::Duck as usize * COLOURS;
        self.areas[area][first..first + COLOURS].iter().any(|&n| n > 0)
    }

    /// Where a `species` tile lifted from area `from` goes (rule 4): the movement table's fixed
    /// step for rabbit, leopard cat, eagle and bear; for a duck, the first of `from + 1`,
    /// `from + 2`, `from + 3` (mod 4) holding a duck, else `from` itself (Decision 2).
    #[inline]
    pub fn destination(&self, from: usize, species: Species) -> usize {
        match species.fixed_steps() {
            Some(steps) => (from + steps) % AREAS,
            None => (1..AREAS).map(|s| (from + s) % AREAS).find(|&a| self.has_duck(a)).unwrap_or(from),
        }
    }

    /// Takes every tile of `colour` out of `area` (rule 5) and returns how many of each species.
    #[inline]
    pub fn take_colour(&mut self, area: usize, colour: Colour) -> [u8; SPECIES] {
        let mut taken = [0; SPECIES];
        for (s, n) in taken.iter_mut().enumerate() {
            let slot = &mut self.areas[area][s * COLOURS + colour as usize];
            *n = std::mem::take(slot);
        }
        taken
    }

    /// The tiles of `area` in type order.
    pub fn tiles(&self, area: usize) -> impl Iterator<Item = Tile> + '_ {
        Tile::all().flat_map(move |t| std::iter::repeat_n(t, usize::from(self.count(area, t))))
    }
}

impl fmt::Display for Forest {
    /// The spec's notation: areas A0 to A3 separated by ` | `, tiles in type order, e.g.
    /// `Rg Rg Bn Db | Bb Ln Eg Eb | …` (an empty area shows as `-`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for a in 0..AREAS {
            if a > 0 {
                f.write_str(" | ")?;
            }
            let mut empty = true;
            for (i, t) in self.tiles(a).enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{t}")?;
                empty = false;
            }
            if empty {
                f.write_str("-")?;
            }
        }
        Ok(())
    }
}
