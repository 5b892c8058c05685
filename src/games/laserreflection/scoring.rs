//! Round scoring R1–R2 (GAME `stEndRound_Classic`), the ranking with Decision 8's tie-break,
//! and the solo challenge S1 (GAME `stEndRound_Solo`), as pure functions of the results.

use serde::Serialize;

/// A seat's state in the current round (rules P1–P4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub enum Status {
    /// Still solving.
    InProgress,
    /// Solved with this effort (edits).
    Solved(u16),
    /// Reached `max_edits` without a solve.
    TimedOut,
    /// Gave up.
    GaveUp,
}

impl Status {
    /// Timed out or gave up.
    pub const fn failed(self) -> bool {
        matches!(self, Status::TimedOut | Status::GaveUp)
    }
}

/// Rule R1: the points of seat `p` in a round whose seats ended with `status` (n = its length),
/// in a game of `rounds` rounds: ⌊120·(n − i) / (R·n)⌋ for a solve, with i the seats solved with
/// a strictly lower effort; −⌊120 / (R·n)⌋ for a failure. A seat still in progress counts as
/// failed.
pub fn round_points(status: &[Status], p: usize, rounds: u8) -> i32 {
    let n = status.len() as i32;
    let denominator = i32::from(rounds) * n;
    match status[p] {
        Status::Solved(e) => {
            let ahead = status.iter().filter(|s| matches!(s, Status::Solved(f) if *f < e)).count() as i32;
            120 * (n - ahead) / denominator
        }
        _ => -(120 / denominator),
    }
}

/// Decision 8: the tie-break effort a failed round adds, P = R · `max_edits` + 1.
pub fn failure_penalty(rounds: u8, max_edits: u16) -> u32 {
    u32::from(rounds) * u32::from(max_edits) + 1
}

/// The seats tied for first (most points, then least tie-break effort), as a bit set.
pub fn winners(scores: &[i32], tiebreak: &[u32]) -> u8 {
    let key = |p: usize| (scores[p], std::cmp::Reverse(tiebreak[p]));
    let best = (0..scores.len()).map(key).max().expect("at least one seat");
    (0..scores.len()).filter(|&p| key(p) == best).fold(0, |m, p| m | 1 << p)
}

/// The solo challenge (rule S1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Solo {
    /// Hearts (starts at 1; the challenge is lost below 0).
    pub hearts: i8,
    /// Puzzles solved.
    pub solved: u8,
    /// `Some(true)` once won, `Some(false)` once lost.
    pub result: Option<bool>,
}

impl Solo {
    /// The start of a challenge: 1 heart, nothing solved.
    pub const fn new() -> Self {
        Solo { hearts: 1, solved: 0, result: None }
    }

    /// Rule S1 after a round that was solved or failed, in challenge `c` (3, 6, 10); returns
    /// whether the challenge goes on.
    pub fn after_round(&mut self, solved: bool, c: u8) -> bool {
        if !solved {
            self.hearts -= 1;
            if self.hearts < 0 {
                self.result = Some(false);
                return false;
            }
        } else {
            self.solved += 1;
            if c != 3 && self.solved == c / 2 {
                self.hearts += 1;
            }
            if self.solved == c {
                self.result = Some(true);
                return false;
            }
        }
        true
    }

    /// The final score: puzzles solved, 0 if lost.
    pub fn score(&self) -> i32 {
        if self.result == Some(false) { 0 } else { self.solved.into() }
    }
}

impl Default for Solo {
    fn default() -> Self {
        Self::new()
    }
}
