//! Legality by completion (R8, R16) decided from counts: whether the first repetition of a
//! card played with a given support and Indians can be completed, without trying it on a copy.
//!
//! A first repetition pays before it moves or gains (every effect of the spec's tables is
//! "pay, then move or gain"), so it completes iff its fixed payments are covered, its move's
//! first step is allowed from the scout's space and the move's `n` is above 0 (R13), and the
//! decisions it meets have an option (a journal card for e14). Gains, collects and overflow
//! returns always complete. The cards that choose a location or a copy target (e15, e35, e53)
//! are decided where an option that always completes exists or no option can (Hunting for e53;
//! an occupied Hunting, Craftsmanship, Gift or Farewell with a unit to pay for e15; no Fd, or a
//! target that only gains or collects, for e35), else left to the search (`None`). `tests.rs` checks this against the search on the positions
//! of random games under every option.

use super::data::{self, C, E, F, FD, H, NONE, W};
use super::state::LewisClark;

/// Copy targets whose repetition always completes once its 1 Fd is paid (R22): the starting
/// cards other than the Captain (the Interpreter may take 0 Indians; the others collect) and the
/// encounter cards that only take, gain or collect (e1, e2, e19–e22, e37–e39).
const ALWAYS_COMPLETE: u128 = {
    let mut mask = 0u128;
    let mut seat = 0;
    while seat < data::MAX_PLAYERS {
        let mut role = 1;
        while role < 6 {
            mask |= 1 << data::starting(seat, role);
            role += 1;
        }
        seat += 1;
    }
    let encounters = [1, 2, 19, 20, 21, 22, 37, 38, 39];
    let mut i = 0;
    while i < encounters.len() {
        mask |= 1 << data::enc(encounters[i]);
        i += 1;
    }
    mask
};

/// Cards whose first repetition completes with every support and Indian count (R16): the
/// passive cards, the cards of [`ALWAYS_COMPLETE`] and e53 (any location; Hunting only gains).
/// `Play` of one is legal iff it can be powered at all (a boat Indian or another hand card).
pub(crate) const ALWAYS_PLAYABLE: u128 = {
    let mut mask = ALWAYS_COMPLETE;
    let encounters = [16, 17, 18, 36, 53, 54];
    let mut i = 0;
    while i < encounters.len() {
        mask |= 1 << data::enc(encounters[i]);
        i += 1;
    }
    mask
};

impl LewisClark {
    /// Whether the first repetition of `card` (in the acting seat's hand) can be completed with
    /// `support` (`NONE` for none) and `k` Indians on it (R8, R16), or `None` when only the
    /// search can tell (some positions for e15 and e35). Same answer as trying it on a copy.
    pub(crate) fn first_by_counts(&self, card: u8, support: u8, k: u8) -> Option<bool> {
        if data::is_passive(card) {
            return Some(true);
        }
        let seat = self.current as usize;
        let me = self.me();
        let r = me.res;
        // Computed by the arms that need them (this runs for every hand card, R16).
        let total = || me.total();
        let river = || data::step_allowed(me.scout + 1, false);
        let mountain = || data::step_allowed(me.scout + 1, true);
        // Boat Indians once `k` are on the card.
        let boats = me.indians - k;
        // badges(K) once the card and its support are in the play area (D7).
        let badges_after = |kind: usize| {
            self.badges(seat, kind)
                + u8::from(data::badge(card) == kind)
                + u8::from(support != NONE && data::badge(support) == kind)
        };
        let Some(n) = data::number(card) else {
            return Some(match data::role(card) {
                // The Captain: one of three payments with its move (R16 through Choose).
                Some(data::CAPTAIN) => ((r[FD] >= 1 || r[C] >= 1) && river()) || (r[H] >= 1 && mountain()),
                // The Interpreter (taking 0 is an option) and the collects.
                _ => true,
            });
        };
        let kinds_held = || r.iter().filter(|&&x| x > 0).count();
        let primaries = || r[E] >= 1 && r[F] >= 1 && r[W] >= 1 && r[FD] >= 1;
        Some(match n {
            1 | 2 | 19..=22 | 37..=39 => true,
            3 => r[FD] >= 1,
            4 => r[W] >= 1,
            5 => r[F] >= 3,
            6 => boats >= 2,
            7 => r[W] >= 2 && river(),
            8 => r[E] >= 2 && river(),
            9 => r[C] >= 1 && river(),
            10 => r[C] >= 1 && r[FD] >= 1 && river(),
            // Newman, Mackay, Old Toby: river or mountain, one of which is always allowed.
            11 => r[FD] >= 1,
            12 => r[H] >= 1 && r[F] >= 1 && mountain(),
            13 => r[W] >= 2 && mountain(),
            14 => r[H] >= 1 && self.journal_len() > 0,
            // e15: an occupied location, then 1 unit of any kind paid (R24); Hunting,
            // Craftsmanship, Gift and Farewell (locations 0–3) then always complete.
            15 => {
                if total() == 0 || self.village.iter().all(|&v| v == 0) {
                    false
                } else if self.village[..4].iter().any(|&v| v > 0) {
                    true
                } else {
                    return None;
                }
            }
            // e35: every copy target is paid with 1 Fd first (R22).
            35 => {
                let targets = self.seat_range().fold(0u128, |acc, s| acc | self.seats[s].active);
                if r[FD] == 0 {
                    false
                } else if targets & ALWAYS_COMPLETE != 0 {
                    true
                } else {
                    return None;
                }
            }
            // e53: any location, and Hunting only gains.
            53 => true,
            23 => total() >= 1,
            24 => r[W] >= 1 && r[FD] >= 1,
            25 => r[E] >= 2,
            26 => r[FD] >= 1 && river(),
            27 => r[W] >= 3 && river(),
            28 => kinds_held() >= 3 && river(),
            29 => r[FD] >= 1 && river() && badges_after(FD) > 0,
            // Scouts ahead counts at least 1.
            30 => total() >= 1 && river(),
            31 => total() >= 2 && river() && boats > 0,
            32 => r[H] >= 1,
            33 => r[E] >= 2 && mountain() && badges_after(E) > 0,
            34 => r[F] >= 3 && mountain(),
            40 => r[C] >= 1,
            41 => r[C] >= 1 || r[H] >= 1,
            42 => r[E] >= 1,
            43 => primaries() && river(),
            44 => boats >= 1 && river() && total() >= 2,
            // The card itself is active, so the count is at least 1.
            45 => total() >= 1 && river(),
            46 => total() >= 2 && river() && self.village_indians() > 0,
            47 => r[C] >= 1 && r[H] >= 1,
            48 => primaries() && mountain(),
            49 => r[F] >= 2 && r[E] >= 2 && mountain(),
            50 => boats >= 1 && total() >= 1 && mountain(),
            51 => boats >= 1 && mountain() && total() >= 3,
            52 => total() >= 2 && mountain(),
            _ => unreachable!("e{n} is passive"),
        })
    }
}
