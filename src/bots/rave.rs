//! Rapid action value estimation (RAVE) for the tree searches (`rave=K`): the move log of one
//! iteration, which answers "did this seat play this action at or after this step?" for the
//! all-moves-as-first (AMAF) update, and the β schedule that mixes the AMAF value into selection.
//!
//! Sources: S. Gelly and D. Silver, "Combining Online and Offline Knowledge in UCT", ICML 2007,
//! and "Monte-Carlo tree search and rapid action value estimation in computer Go", Artificial
//! Intelligence 175(11), 2011 (RAVE: the AMAF value of an action at a node is the mean outcome
//! of the simulations in which the player to move there played that action at any later step;
//! the "hand-selected schedule" `β = sqrt(k / (3 N(s) + k))`, k the equivalence parameter, the
//! number of simulations at which the two values weigh the same); surveyed in C. B. Browne et
//! al., "A Survey of Monte Carlo Tree Search Methods", IEEE TCIAIG 4(1), 2012, §5.3 (AMAF and
//! its variants).
//! Under hidden information: E. J. Powley, P. I. Cowling and D. Whitehouse, "Information capture
//! and reuse strategies in Monte Carlo Tree Search, with applications to games of hidden
//! information", Artificial Intelligence 217, 2014 (ICARUS), whose RAVE for ISMCTS updates, at
//! each node of the iteration's path, the AMAF statistics of the children whose action the
//! player to move at that node played later in the iteration (in the tree or the rollout).
//!
//! The log is exact (no hash collisions count: the table keeps the actions and compares them),
//! and it allocates only while it grows to the longest iteration met; a new iteration empties
//! it by bumping a stamp, not by clearing the table.

use std::hash::Hash;

use super::rollout::seat_action_hash;
use crate::game::Seat;

/// RAVE's weight β of the AMAF value at a node visited `n` times, with equivalence parameter `k`
/// (above 0): `sqrt(k / (3 n + k))` (Gelly & Silver 2011, hand-selected schedule). β is 1 before
/// the first visit, 1/2 at `n = k`, and falls as `1 / sqrt(n)` after.
#[inline]
pub(crate) fn beta(k: f64, n: f64) -> f64 {
    (k / (3.0 * n + k)).sqrt()
}

/// The selection value with RAVE: `(1 - β) * mean + β * amaf` (Gelly & Silver 2011), to
/// which the search adds its exploration term.
#[inline]
pub(crate) fn mix(beta: f64, mean: f64, amaf: f64) -> f64 {
    (1.0 - beta) * mean + beta * amaf
}

/// One slot of the log's open-addressing table: the last step at which `seat` played `action`
/// in the iteration of `stamp`.
#[derive(Debug, Clone, Copy)]
struct Slot<A> {
    /// The iteration that wrote the slot (0: never; an older stamp is an empty slot).
    stamp: u32,
    seat: u8,
    last: u32,
    action: A,
}

/// The moves of one iteration, for the AMAF update.
#[derive(Debug)]
pub(crate) struct MoveLog<A> {
    /// Every action applied in the iteration (tree, other seats' random moves, rollout), in
    /// order, with the seat that played it.
    moves: Vec<(u8, A)>,
    /// One entry per tree choice, in path order: the seat that chose at the node and the step
    /// (index into `moves`) of its choice.
    choices: Vec<(u8, u32)>,
    /// (seat, action) → last step, for the current `stamp` (a power of two long, at most half
    /// full).
    table: Vec<Slot<A>>,
    stamp: u32,
}

impl<A: Copy + Eq + Hash> MoveLog<A> {
    /// An empty log.
    pub(crate) fn new() -> Self {
        Self { moves: Vec::new(), choices: Vec::new(), table: Vec::new(), stamp: 0 }
    }

    /// Starts an iteration: forgets the last one's moves.
    #[inline]
    pub(crate) fn begin(&mut self) {
        self.moves.clear();
        self.choices.clear();
    }

    /// Notes that `seat` played `action` (the next step of the iteration).
    #[inline]
    pub(crate) fn record(&mut self, seat: Seat, action: A) {
        self.moves.push((seat as u8, action));
    }

    /// Notes that `seat` chose a child at the next node of the path, with its next move (call
    /// before [`MoveLog::record`] of that move).
    #[inline]
    pub(crate) fn choose(&mut self, seat: Seat) {
        self.choices.push((seat as u8, self.moves.len() as u32));
    }

    /// The tree choices: (seat, step), one per node of the path but the last.
    pub(crate) fn choices(&self) -> &[(u8, u32)] {
        &self.choices
    }

    /// Ends the recording: indexes the moves by (seat, action), for [`MoveLog::played_since`].
    pub(crate) fn index(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        let want = (2 * self.moves.len()).next_power_of_two().max(16);
        if self.stamp == 0 || self.table.len() < want {
            // A new table (the first, a longer iteration than any before, or the stamps wrapped):
            // every slot is empty under the current stamp.
            if let Some(&(seat, action)) = self.moves.first() {
                let len = want.max(self.table.len());
                self.table.clear();
                self.table.resize(len, Slot { stamp: 0, seat, last: 0, action });
            } else {
                self.table.iter_mut().for_each(|slot| slot.stamp = 0);
            }
            self.stamp = 1;
        }
        let shift = 64 - self.table.len().trailing_zeros();
        let mask = self.table.len() - 1;
        for (step, &(seat, action)) in self.moves.iter().enumerate() {
            let mut i = (seat_action_hash(seat as usize, &action) >> shift) as usize;
            loop {
                let slot = &mut self.table[i];
                if slot.stamp != self.stamp {
                    *slot = Slot { stamp: self.stamp, seat, last: step as u32, action };
                    break;
                }
                if slot.seat == seat && slot.action == action {
                    slot.last = step as u32;
                    break;
                }
                i = (i + 1) & mask;
            }
        }
    }

    /// Whether `seat` played `action` at step `since` or later of the iteration (after
    /// [`MoveLog::index`]).
    #[inline]
    pub(crate) fn played_since(&self, seat: u8, action: &A, since: u32) -> bool {
        if self.moves.is_empty() {
            return false;
        }
        let shift = 64 - self.table.len().trailing_zeros();
        let mask = self.table.len() - 1;
        let mut i = (seat_action_hash(seat as usize, action) >> shift) as usize;
        loop {
            let slot = &self.table[i];
            if slot.stamp != self.stamp {
                return false;
            }
            if slot.seat == seat && slot.action == *action {
                return slot.last >= since;
            }
            i = (i + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The schedule's exact values: 1 before any visit, 1/2 at `n = k`, and `sqrt(k / (3n + k))`.
    #[test]
    fn beta_schedule_exact_values() {
        assert_eq!(beta(1000.0, 0.0), 1.0);
        assert_eq!(beta(1000.0, 1000.0), 0.5);
        assert_eq!(beta(3.0, 1.0), 0.5f64.sqrt());
        assert_eq!(beta(1.0, 8.0), 1.0 / 5.0);
        assert_eq!(mix(0.5, 0.5, 0.75), 0.625);
        assert_eq!(mix(1.0, 0.1, 0.75), 0.75);
        assert_eq!(mix(0.0, 0.1, 0.75), 0.1);
    }

    /// The log answers by seat, action and step, exactly, across iterations (an old iteration's
    /// moves are gone) and after growing past its first table.
    #[test]
    fn move_log_finds_moves_by_seat_and_step() {
        let mut log = MoveLog::<u16>::new();
        log.begin();
        for (seat, action) in [(0, 7u16), (1, 7), (0, 3), (0, 7)] {
            log.record(seat, action);
        }
        log.index();
        assert!(log.played_since(0, &7, 3) && !log.played_since(0, &7, 4));
        assert!(log.played_since(1, &7, 1) && !log.played_since(1, &7, 2));
        assert!(log.played_since(0, &3, 2) && !log.played_since(0, &3, 3));
        assert!(!log.played_since(1, &3, 0) && !log.played_since(2, &7, 0));
        log.begin();
        (0..100u16).for_each(|a| log.record(usize::from(a % 2), a));
        log.index();
        assert!(!log.played_since(0, &7, 0) && log.played_since(1, &7, 7) && !log.played_since(1, &7, 8));
        assert!((0..100u16).all(|a| log.played_since((a % 2) as u8, &a, u32::from(a))));
        log.begin();
        log.index();
        assert!(!log.played_since(1, &7, 0));
    }
}
