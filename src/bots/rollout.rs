//! Rollout (default or simulation) policies of the tree searches: how the actions of a playout
//! below the tree are chosen ([`Rollout`]), and the move-average table of MAST ([`Mast`]).
//!
//! Every policy draws from the search's RNG only, so a search stays a function of its seed; the
//! buffers (a scratch state, the one-step values, the MAST table and the moves of the current
//! iteration) are kept between iterations and decisions, so a rollout step allocates nothing in
//! steady state.

use std::hash::{Hash, Hasher};

use rand::RngExt;

use super::{Heuristic, copy_in, evaluate};
use crate::game::{GameRng, Rewards, Seat};

/// How rollout actions are chosen (`rollout=`; default `random`). Surveyed in C. B. Browne et al.,
/// "A Survey of Monte Carlo Tree Search Methods", IEEE TCIAIG 4(1), 2012, §6.1 (simulation
/// enhancements); the heuristic policies follow N. R. Sturtevant, "An Analysis of UCT in
/// Multi-player Games", CG 2008, whose ε-greedy playouts on an evaluation function made UCT
/// strong at Chinese Checkers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Rollout {
    /// Uniformly random legal actions (`rollout=random`): [`crate::game::Game::random_action`].
    Random,
    /// ε-greedy on the one-step heuristic (`rollout=egreedy,epsilon=E`, default ε = 0.1): with
    /// probability ε a uniformly random action, else the action whose successor has the best
    /// [`evaluate`] value for the seat to move (ties broken uniformly). Costs one copy, `apply`
    /// and heuristic call per legal action and step; cap it with `depth=`.
    EGreedy {
        /// The probability of a random action, in `[0, 1]`.
        epsilon: f64,
    },
    /// Softmax (Gibbs) on the one-step heuristic (`rollout=softmax,temperature=T`, default
    /// T = 0.05): action `a` with probability proportional to `exp(v(a) / T)`, `v(a)` the
    /// [`evaluate`] value of its successor for the seat to move (values are in `[0, 1]`). Same
    /// cost as [`Rollout::EGreedy`] plus one `exp` per action.
    Softmax {
        /// The temperature, above 0.
        temperature: f64,
    },
    /// Move-average sampling (`rollout=mast,temperature=T`, default T = 0.1, the paper's τ = 10 on
    /// its 0–100 reward scale): H. Finnsson and
    /// Y. Björnsson, "Simulation-Based Approach to General Game Playing", AAAI 2008. Every action
    /// of every iteration (tree and rollout) adds the reward of the seat that played it to that
    /// seat's average for the action; rollout actions are drawn with probability proportional to
    /// `exp(Q(a) / T)`, an unseen action counting the best reward, 1 (as in the paper, unseen
    /// moves are tried first). Needs no heuristic. The averages are kept per decision in a
    /// fixed table of [`MAST_SIZE`] entries indexed by a hash of (seat, action): actions that
    /// collide share an average (the table never grows or allocates).
    Mast {
        /// The temperature, above 0.
        temperature: f64,
    },
    /// ε-greedy MAST (`rollout=mast-egreedy,epsilon=E`, default ε = 0.4): the same move averages
    /// as [`Rollout::Mast`], but with probability ε the rollout step is a uniformly random action
    /// ([`crate::game::Game::random_action`], not listing the legal actions), else the legal
    /// action of best average (an unseen action counting 1; ties broken uniformly). No `exp`,
    /// and the random steps cost what a plain rollout step does. M. J. W. Tak, M. H. M. Winands and
    /// Y. Björnsson, "N-Grams and the Last-Good-Reply Policy Applied in General Game Playing",
    /// IEEE TCIAIG 4(2), 2012, found ε-greedy selection on the MAST averages (ε = 0.4) stronger
    /// than the Gibbs draw of [`Rollout::Mast`] in general game playing.
    MastEGreedy {
        /// The probability of a random action, in `[0, 1]`.
        epsilon: f64,
    },
}

/// Entries of the MAST table (a power of two): 64 KiB, far more than the actions of one game
/// meet in one decision, so collisions are rare.
pub const MAST_SIZE: usize = 1 << 12;

/// One MAST average: reward sum and count (a whole number unless decayed, [`Policy::begin_decision`]).
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    sum: f64,
    count: f64,
}

/// A multiplicative hash (FxHash's constant, as in rustc), fixed and portable: the same actions
/// give the same table entries on every machine, so MAST searches are reproducible.
#[derive(Default)]
struct FxHasher(u64);

const FX: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(FX);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.add(u64::from(b)));
    }
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }
    fn write_u16(&mut self, n: u16) {
        self.add(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// The index in `0..n` of the largest `value(i, rng)` (asked in order of `i`), ties broken
/// uniformly by reservoir sampling (one draw from `rng` per later tie).
#[inline]
fn argmax(n: usize, rng: &mut GameRng, mut value: impl FnMut(usize, &mut GameRng) -> f64) -> usize {
    let (mut best, mut best_value, mut ties) = (0, f64::NEG_INFINITY, 0u32);
    for i in 0..n {
        let v = value(i, rng);
        if v > best_value {
            (best, best_value, ties) = (i, v, 1);
        } else if v == best_value {
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                best = i;
            }
        }
    }
    best
}

/// A fixed, portable 64-bit hash of (`seat`, `action`) (its high bits are the well-mixed ones):
/// the MAST table's and the RAVE move log's ([`super::rave`]).
#[inline]
pub(crate) fn seat_action_hash<A: Hash>(seat: Seat, action: &A) -> u64 {
    let mut h = FxHasher::default();
    h.add(seat as u64);
    action.hash(&mut h);
    h.finish()
}

/// The MAST table index of `action` played by `seat`.
#[inline]
fn mast_index<A: Hash>(seat: Seat, action: &A) -> u32 {
    // The high bits of a multiplicative hash are the well-mixed ones.
    (seat_action_hash(seat, action) >> (64 - MAST_SIZE.trailing_zeros())) as u32
}

/// The state a rollout policy keeps: scratch buffers and the MAST table.
#[derive(Debug)]
pub(crate) struct Policy<G: Heuristic> {
    rollout: Rollout,
    /// A successor state, for the one-step heuristic.
    child: Option<G>,
    /// One value or weight per legal action.
    values: Vec<f64>,
    /// MAST averages ([`MAST_SIZE`] entries once used).
    table: Vec<Entry>,
    /// The current iteration's moves, for MAST: table index and the seat that played.
    moves: Vec<(u32, u8)>,
    /// The share of the MAST averages' weight kept from one decision to the next (0: cleared).
    decay: f64,
}

impl<G: Heuristic> Policy<G> {
    /// A policy with empty buffers.
    /// `decay`: the share of the MAST averages' weight kept from one decision to the next
    /// (`SearchConfig::decay`).
    pub(crate) fn new(rollout: Rollout, decay: f64) -> Self {
        Self { rollout, child: None, values: Vec::new(), table: Vec::new(), moves: Vec::new(), decay }
    }

    /// Whether the policy records the moves of an iteration ([`Policy::record`]).
    #[inline]
    pub(crate) fn records(&self) -> bool {
        matches!(self.rollout, Rollout::Mast { .. } | Rollout::MastEGreedy { .. })
    }

    /// Whether this rollout step is a uniformly random action drawn by the search itself
    /// ([`Rollout::MastEGreedy`]'s exploration, drawn from `rng`); `false` without a draw for the
    /// other policies, so their RNG streams are unchanged.
    #[inline]
    pub(crate) fn explores(&self, rng: &mut GameRng) -> bool {
        match self.rollout {
            Rollout::MastEGreedy { epsilon } => rng.random::<f64>() < epsilon,
            _ => false,
        }
    }

    /// Starts a decision: clears the MAST averages, or with a decay above 0 multiplies each
    /// entry's sum and count by it (the averages stay, their weight against this decision's
    /// iterations shrinks).
    pub(crate) fn begin_decision(&mut self) {
        if !self.records() {
            return;
        }
        if self.decay == 0.0 || self.table.is_empty() {
            self.table.clear();
            self.table.resize(MAST_SIZE, Entry::default());
        } else {
            for e in &mut self.table {
                e.sum *= self.decay;
                e.count *= self.decay;
            }
        }
    }

    /// Starts a game: forgets the MAST averages of the last one (so that a game's decisions do
    /// not depend on which games the agent played before, nor on the thread that plays it).
    pub(crate) fn begin_game(&mut self) {
        self.table.clear();
    }

    /// Starts an iteration: forgets the last one's moves.
    #[inline]
    pub(crate) fn begin_iteration(&mut self) {
        self.moves.clear();
    }

    /// Notes that `seat` played `action` in the current iteration (MAST only; call only when
    /// [`Policy::records`]).
    #[inline]
    pub(crate) fn record(&mut self, seat: Seat, action: &G::Action) {
        self.moves.push((mast_index(seat, action), seat as u8));
    }

    /// Ends an iteration with its rewards: adds each recorded move's player's reward to its
    /// average (MAST only).
    pub(crate) fn end_iteration(&mut self, reward: &Rewards) {
        for &(i, seat) in &self.moves {
            let e = &mut self.table[i as usize];
            e.sum += reward[seat as usize];
            e.count += 1.0;
        }
    }

    /// A rollout action for the seat to move at `state`, whose legal actions are `legal`
    /// (not empty). Not called for [`Rollout::Random`], which the search draws itself.
    pub(crate) fn choose(&mut self, state: &G, mover: Seat, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        if legal.len() == 1 {
            return legal[0];
        }
        match self.rollout {
            Rollout::Random => legal[rng.random_range(0..legal.len())],
            Rollout::EGreedy { epsilon } => {
                if rng.random::<f64>() < epsilon {
                    return legal[rng.random_range(0..legal.len())];
                }
                legal[argmax(legal.len(), rng, |i, rng| self.one_step(state, legal[i], mover, rng))]
            }
            Rollout::Softmax { temperature } => {
                self.values.clear();
                for &a in legal {
                    let v = self.one_step(state, a, mover, rng);
                    self.values.push(v);
                }
                legal[self.gibbs(temperature, rng)]
            }
            Rollout::Mast { temperature } => {
                self.values.clear();
                for a in legal {
                    let v = self.mast_value(mover, a);
                    self.values.push(v);
                }
                legal[self.gibbs(temperature, rng)]
            }
            Rollout::MastEGreedy { .. } => legal[argmax(legal.len(), rng, |i, _| self.mast_value(mover, &legal[i]))],
        }
    }

    /// The value for `mover` of the state after `action` from `state`.
    #[inline]
    fn one_step(&mut self, state: &G, action: G::Action, mover: Seat, rng: &mut GameRng) -> f64 {
        let child = copy_in(&mut self.child, state);
        child.apply(action, rng);
        evaluate(child, mover)
    }

    /// An index drawn with probability proportional to `exp(values[i] / temperature)` (the
    /// maximum subtracted first, so no weight overflows).
    /// The move average of `action` for `seat`; 1 (optimistic) before its first visit.
    fn mast_value(&self, seat: Seat, action: &G::Action) -> f64 {
        let e = self.table[mast_index(seat, action) as usize];
        if e.count == 0.0 { 1.0 } else { e.sum / e.count }
    }

    fn gibbs(&mut self, temperature: f64, rng: &mut GameRng) -> usize {
        let max = self.values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut total = 0.0;
        for v in &mut self.values {
            *v = ((*v - max) / temperature).exp();
            total += *v;
        }
        let mut x = rng.random::<f64>() * total;
        for (i, w) in self.values.iter().enumerate() {
            x -= w;
            if x < 0.0 {
                return i;
            }
        }
        self.values.len() - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table index depends on the seat and the action, stays in range, and is the same on
    /// every call (no per-process random keys).
    #[test]
    fn mast_index_is_fixed_and_in_range() {
        let a = mast_index(0, &(3u8, 7u16));
        assert_eq!(a, mast_index(0, &(3u8, 7u16)));
        assert_ne!(a, mast_index(1, &(3u8, 7u16)));
        let distinct: std::collections::HashSet<u32> = (0..64u32).map(|n| mast_index(0, &n)).collect();
        assert!(distinct.len() >= 60, "{} distinct indices of 64", distinct.len());
        assert!((0..1000u32).all(|n| (mast_index(1, &n) as usize) < MAST_SIZE));
    }
}
