//! The seat labels of finished rounds (spec "Labels for statistics", per round, per seat), as
//! `&'static str` values: exact efforts, item counts and round points, named from one table of
//! decimals built at compile time.

use super::scoring;
use super::state::{ITEMS_UNKNOWN, LaserState, RECORDED_ROUNDS, Status};

/// The lowest number [`number`] names (below every round score: −⌊120 / (R·n)⌋ ≥ −60).
const LOW: i32 = -120;
/// The highest number [`number`] names (the largest effort: `max_edits` ≤ 10000).
const HIGH: i32 = 10_000;
/// How many numbers [`number`] names.
const COUNT: usize = (HIGH - LOW + 1) as usize;

/// The characters of `n` written in decimal.
const fn width(n: i32) -> usize {
    let mut w = if n < 0 { 2 } else { 1 };
    let mut m = n.unsigned_abs();
    while m >= 10 {
        m /= 10;
        w += 1;
    }
    w
}

/// The length of [`LOW`]..=[`HIGH`] written one after the other.
const LEN: usize = {
    let (mut total, mut n) = (0, LOW);
    while n <= HIGH {
        total += width(n);
        n += 1;
    }
    total
};

/// [`LOW`]..=[`HIGH`] in decimal, one after the other, and where each one starts (the last
/// entry: the end of the text).
static TABLE: ([u8; LEN], [u32; COUNT + 1]) = {
    let (mut text, mut starts) = ([0u8; LEN], [0u32; COUNT + 1]);
    let (mut at, mut i) = (0, 0);
    while i < COUNT {
        let n = LOW + i as i32;
        starts[i] = at as u32;
        let w = width(n);
        let mut m = n.unsigned_abs();
        let mut k = w;
        while k > (n < 0) as usize {
            k -= 1;
            text[at + k] = b'0' + (m % 10) as u8;
            m /= 10;
        }
        if n < 0 {
            text[at] = b'-';
        }
        at += w;
        i += 1;
    }
    starts[COUNT] = at as u32;
    (text, starts)
};

/// [`TABLE`]'s text as a string (ASCII digits and minus signs).
static TEXT: &str = match std::str::from_utf8(&TABLE.0) {
    Ok(s) => s,
    Err(_) => panic!("decimals are ASCII"),
};

/// The decimal name of `n`, for `n` in −120..=10000 (every effort and every round score).
///
/// # Panics
/// Outside that range.
pub fn number(n: i32) -> &'static str {
    assert!((LOW..=HIGH).contains(&n), "{n} is outside the named numbers {LOW}..={HIGH}");
    let i = (n - LOW) as usize;
    &TEXT[TABLE.1[i] as usize..TABLE.1[i + 1] as usize]
}

/// `fail_reason` pooled over the rounds so far: `none`, `gave_up`, `timed_out` or `both`.
pub fn fail_reason(state: &LaserState, seat: usize) -> &'static str {
    match state.fail_kinds(seat) {
        (false, false) => "none",
        (true, false) => "gave_up",
        (false, true) => "timed_out",
        (true, true) => "both",
    }
}

/// What a round label shows of a seat's finished round.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RoundLabel {
    /// `roundK_effort`: the effort if solved, else `gave_up` or `timed_out`.
    Effort,
    /// `roundK_items_used`: the items on the grid at the solve (`-` for a failed round).
    ItemsUsed,
    /// `roundK_points`: the round's points (rule R1; `-` solo, where S1 scores instead).
    Points,
}

/// Label `what` of seat `seat` in round `round` (1..=[`RECORDED_ROUNDS`]); `-` while the round
/// is not finished or was not played.
pub fn round_label(state: &LaserState, seat: usize, round: usize, what: RoundLabel) -> &'static str {
    debug_assert!((1..=RECORDED_ROUNDS).contains(&round));
    let Some(r) = state.round_results(round) else { return "-" };
    let status = r.status[seat];
    match (what, status) {
        (RoundLabel::Effort, Status::Solved(e)) => number(e.into()),
        (RoundLabel::Effort, Status::GaveUp) => "gave_up",
        (RoundLabel::Effort, Status::TimedOut) => "timed_out",
        (RoundLabel::Effort, Status::InProgress) => "-",
        (RoundLabel::ItemsUsed, Status::Solved(_)) if r.items_used[seat] != ITEMS_UNKNOWN => {
            number(r.items_used[seat].into())
        }
        (RoundLabel::ItemsUsed, _) => "-",
        (RoundLabel::Points, _) if state.players() == 1 => "-",
        (RoundLabel::Points, _) => {
            number(scoring::round_points(&r.status[..state.players()], seat, state.config().rounds))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_is_named_by_its_decimal() {
        for n in LOW..=HIGH {
            assert_eq!(number(n), n.to_string());
        }
    }
}
