//! The three card structures as slot tables (spec "Card structures"): per age, for each of the 20
//! slots, its (row, col) and the set of slots that cover it, and which slots are dealt face up.
//! Slot sets are `u32` bit sets (bit `s` = slot `s`).

/// Slots per structure.
pub const SLOTS: usize = 20;
/// All 20 slots.
pub const ALL_SLOTS: u32 = (1 << SLOTS) - 1;

/// One age's layout.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// (row, col) of each slot (BGA's coordinates, col in half-card widths).
    pub pos: [(u8, u8); SLOTS],
    /// For each slot, the slots at (row + 1, col ± 1): the card is accessible when all are empty.
    pub covered_by: [u32; SLOTS],
    /// Slots dealt face up (odd rows).
    pub face_up: u32,
}

/// Builds a layout from its rows: `rows[r]` lists the columns of row `r + 1`, left to right.
const fn layout(rows: &[&[u8]]) -> Layout {
    let mut pos = [(0u8, 0u8); SLOTS];
    let mut n = 0;
    let mut r = 0;
    while r < rows.len() {
        let mut i = 0;
        while i < rows[r].len() {
            pos[n] = (r as u8 + 1, rows[r][i]);
            n += 1;
            i += 1;
        }
        r += 1;
    }
    assert!(n == SLOTS);
    let mut covered_by = [0u32; SLOTS];
    let mut face_up = 0u32;
    let mut s = 0;
    while s < SLOTS {
        let (row, col) = pos[s];
        if row % 2 == 1 {
            face_up |= 1 << s;
        }
        let mut t = 0;
        while t < SLOTS {
            let (r2, c2) = pos[t];
            if r2 == row + 1 && (c2 + 1 == col || c2 == col + 1) {
                covered_by[s] |= 1 << t;
            }
            t += 1;
        }
        s += 1;
    }
    Layout { pos, covered_by, face_up }
}

/// The layouts of Ages I, II, III (index `age - 1`).
pub const LAYOUTS: [Layout; 3] = [
    layout(&[&[5, 7], &[4, 6, 8], &[3, 5, 7, 9], &[2, 4, 6, 8, 10], &[1, 3, 5, 7, 9, 11]]),
    layout(&[&[1, 3, 5, 7, 9, 11], &[2, 4, 6, 8, 10], &[3, 5, 7, 9], &[4, 6, 8], &[5, 7]]),
    layout(&[&[5, 7], &[4, 6, 8], &[3, 5, 7, 9], &[4, 8], &[3, 5, 7, 9], &[4, 6, 8], &[5, 7]]),
];

/// For each age and each of the three bytes of a slot set (slots 0–7, 8–15, 16–19), the slots
/// covered by the present slots among that byte's: `BLOCKED[age - 1][j][v]` is the union of the
/// slots covered by the slots `8j + b` for the bits `b` of `v` (the inverse of
/// [`Layout::covered_by`]). A slot is accessible when it is present and in none of the three.
static BLOCKED: [[[u32; 256]; 3]; 3] = {
    let mut out = [[[0u32; 256]; 3]; 3];
    let mut a = 0;
    while a < 3 {
        let l = &LAYOUTS[a];
        let mut j = 0;
        while j < 3 {
            let mut v = 0;
            while v < 256 {
                let mut b = 0;
                while b < 8 {
                    let t = 8 * j + b;
                    if v & 1 << b != 0 && t < SLOTS {
                        let mut s = 0;
                        while s < SLOTS {
                            if l.covered_by[s] & 1 << t != 0 {
                                out[a][j][v] |= 1 << s;
                            }
                            s += 1;
                        }
                    }
                    b += 1;
                }
                v += 1;
            }
            j += 1;
        }
        a += 1;
    }
    out
};

/// The slots of `present` that are accessible in `age`'s layout: present and not covered by a
/// present slot (R3). Three table look-ups ([`BLOCKED`]) instead of a loop over the slots.
#[inline]
pub fn accessible(age: u8, present: u32) -> u32 {
    let t = &BLOCKED[age as usize - 1];
    let p = present as usize;
    present & !(t[0][p & 0xff] | t[1][p >> 8 & 0xff] | t[2][p >> 16 & 0xff])
}
