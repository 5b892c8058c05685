//! The search engine shared by [`super::MctsAgent`] and [`super::IsmctsAgent`]: a tree over
//! actions, grown over fresh determinizations of the deciding seat's information set.
//!
//! Each iteration samples a determinization, descends the tree choosing only among children whose
//! action is legal in that determinization, expands one untried legal action (chosen uniformly),
//! plays a rollout (random by default; [`Rollout`]), and adds the rollout's reward vector to every
//! node on the path (max^n: each node keeps one reward sum per seat, and selection at a node
//! maximizes the value of the seat to move there). The two agents differ only in the exploration
//! term; see [`Exploration`]. Knowledge from the game's [`Heuristic`] enters through the options
//! of [`SearchConfig`]: heuristic leaves (`depth`), a heuristic cut-off, heuristic rollouts and
//! progressive bias; MAST learns a rollout policy from the search itself, and RAVE (`rave=K`,
//! [`super::rave`]) mixes each child's all-moves-as-first value into the tree policy.
//!
//! # Tree reuse between moves (`reuse=true`, games of perfect information only)
//! By default the tree is rebuilt for every decision. Under hidden information it must be: an
//! agent is shown only its information set at each decision, not the actions played since its
//! last one, so it cannot find the subtree of the actions seen; and the old tree's statistics
//! were gathered over determinizations of an older, coarser information set, so reusing them
//! would bias the new search toward the old deals (Cowling, Powley & Whitehouse 2012 build a new
//! ISMCTS tree per decision for this reason; the subtree reuse of the MCTS survey, Browne et al.
//! 2012 §5.4, is for a known state). So `reuse=true` is refused for such games
//! ([`crate::bots::BotSpec::check_game`]) and does nothing if an agent is built for one anyway.
//!
//! In a game of [`crate::game::Game::PERFECT_INFORMATION`] the seat sees the whole state
//! ([`InfoSet::perfect_state`]), every iteration starts from that one state, and the tree is
//! kept: after a decision the search keeps its root state and its decision; at the next
//! decision it replays the tree's actions from the old root (the decision first, then any child,
//! by iterative deepening up to two rounds of plies, `2 × players`) and looks for a node whose
//! state equals the current one. That node becomes the new root (its subtree is compacted to the
//! front of the arena, the rest dropped) and the search adds its budget of iterations to it.
//! Chance: the tree is keyed by actions, so a node below an action that drew chance pools the
//! statistics of every outcome drawn there; such a node is no longer the state the game reached,
//! only an average over outcomes. The replay therefore stops at any action that draws from the
//! RNG (its scratch generator is compared before and after `apply`): reuse happens only along
//! chance-free actions, where every iteration that passed the node saw exactly the current state,
//! so the kept subtree is a tree the search could have grown from the current state. Nothing
//! found (another game, a chance event, a path beyond the replay depth): a fresh tree, as without
//! the option. The replay runs the tree's actions on copies of the old root state (one
//! `clone_from`, `apply` and state comparison per node within the depth), once per decision; the
//! iterations themselves are the plain search's.
//!
//! Nodes live in an arena (`Vec`), children as linked indices (`first_child`, `next_sibling`);
//! reward sums in one `Vec<f64>` per seat, indexed by node, so that selection reads only the
//! mover's sums. All are cleared, not freed,
//! between decisions, and every other buffer is reused, so an iteration allocates nothing in
//! steady state.

use std::time::{Duration, Instant};

use rand::RngExt;

use super::rave::{self, MoveLog};
use super::rollout::{Policy, Rollout};
use super::{Heuristic, InfoSet, evaluate, evaluate_all};
use crate::game::{DEFAULT_MAX_ACTIONS, GameRng, Rewards, rng_from_seed};

/// How long a search runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations (deterministic: same seed, same decision).
    Iterations(u32),
    /// Wall time in milliseconds per decision (at least one iteration; results depend on the
    /// machine's speed, so runs using it are not reproducible).
    Millis(u64),
    /// CPU time of the searching thread in milliseconds per decision (`cpu_ms=`; at least one
    /// iteration), read with `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`: other processes on a
    /// loaded machine do not shorten the search as they do a wall-time budget, but the number of
    /// iterations still depends on the machine (its speed, caches, frequency), so runs using it
    /// are not reproducible either.
    CpuMillis(u64),
}

/// The CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`).
fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant the kernel knows.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Parameters of MCTS and ISMCTS, as given in a bot spec (`mcts:iterations=1000,c=1.4`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchConfig {
    /// Search budget per decision (`iterations=` or `ms=`; default 1,000 iterations).
    pub budget: Budget,
    /// Exploration constant of UCB1 (`c=`, default 1.4 ≈ √2; rewards are in `[0, 1]`).
    pub c: f64,
    /// Heuristic leaf evaluation at a depth (`depth=`; default none: play to the end of the game,
    /// with the runner's action cap as a safety net): rollouts stop after this many actions and
    /// are scored by the game's [`Heuristic`] for every seat; `depth=0` scores each new leaf by
    /// the heuristic without any rollout. The "evaluation function at a fixed depth" of the MCTS
    /// survey (Browne et al. 2012, §6.1; "early playout termination" in Lorentz, "Using
    /// Evaluation Functions in Monte-Carlo Tree Search", TCS 644, 2016). Saves the rest of each
    /// rollout; the heuristic is called once per seat at the leaf.
    pub depth: Option<u32>,
    /// Heuristic cut-off (`cutoff=`, a value in `(0, 1]`; default none): a rollout stops as soon
    /// as some seat's heuristic reaches it and is scored by the heuristic. Costs one heuristic
    /// evaluation per seat and rollout step.
    pub cutoff: Option<f64>,
    /// Other seats' moves drawn at random instead of searched (`opponents=random`; default
    /// `opponents=tree`): the tree then holds only the deciding seat's own decisions, and every
    /// other seat's move on the way down is `Game::random_action`. For games where the other
    /// seats' moves barely bear on the searching seat (a puzzle race on private grids), so that
    /// the iterations reach the seat's own next moves instead of branching over the others'.
    pub random_opponents: bool,
    /// How rollout actions are chosen (`rollout=`; default [`Rollout::Random`]).
    pub rollout: Rollout,
    /// Progressive bias weight `W` (`bias=`; default 0, off): G. M. J.-B. Chaslot, M. H. M.
    /// Winands, H. J. van den Herik, J. W. H. M. Uiterwijk and B. Bouzy, "Progressive Strategies
    /// for Monte-Carlo Tree Search", New Mathematics and Natural Computation 4(3), 2008. A child
    /// is selected by `mean + c * sqrt(ln(N) / n) + W * H / (n + 1)`, where `H` is the heuristic
    /// value, for the seat that chose the action, of the state the action led to when the child
    /// was created (in that iteration's determinization): the heuristic guides the first visits
    /// and fades as visits accumulate. Costs one heuristic call per iteration (at expansion).
    pub bias: f64,
    /// MAST averages kept between decisions (`decay=`, in `[0, 1]`; default 0: each decision
    /// starts a new table; only with `rollout=mast` or `mast-egreedy`): at each new decision of a
    /// game every average's sum and count are multiplied by `decay`, so the moves learnt good
    /// before still guide the first rollouts, weighing `decay` of their old count against the new
    /// iterations; a new game starts a new table. "Move decay" of M. J. W. Tak, M. H. M. Winands
    /// and Y. Björnsson, "Decaying Simulation Strategies", IEEE TCIAIG 6(4), 2014. The averages
    /// come only from the agent's own earlier searches (its earlier information sets), so they
    /// show nothing hidden. Costs one pass over the table's 4,096 entries per decision.
    pub decay: f64,
    /// Tree reuse between moves (`reuse=true`; default `false`): in a game of perfect
    /// information, the subtree of the position reached since the agent's last decision is kept
    /// and searched on ("tree reuse" of Browne et al., "A Survey of Monte Carlo Tree Search
    /// Methods", IEEE TCIAIG 4(1), 2012, §5.4; see the module docs for when a node is reused).
    /// Refused in games with hidden information. Costs nothing per iteration; per decision, one
    /// state copy, `apply` and comparison per tree node replayed, and one pass over the kept
    /// nodes to compact them.
    pub reuse: bool,
    /// RAVE's equivalence parameter `k` (`rave=K`, a number above 0; default 0, off): rapid action
    /// value estimation in the tree policy, S. Gelly and D. Silver, "Monte-Carlo tree search and
    /// rapid action value estimation in computer Go", Artificial Intelligence 175(11), 2011 (first
    /// in "Combining Online and Offline Knowledge in UCT", ICML 2007), for ISMCTS as in E. J.
    /// Powley, P. I. Cowling and D. Whitehouse, "Information capture and reuse strategies in Monte
    /// Carlo Tree Search, with applications to games of hidden information", Artificial
    /// Intelligence 217, 2014. After each iteration, at every node of its path, every child whose
    /// action the seat that chose at that node played then or at any later step of the iteration
    /// (in the tree, as a random opponent's move or in the rollout) counts one AMAF visit and adds
    /// the iteration's reward vector to its AMAF sums. A child is selected by
    /// `(1 - β) * mean + β * amaf + c * sqrt(ln(N) / n)` (plus the bias term, if any), `amaf` its
    /// AMAF mean for the seat to move, `β = sqrt(k / (3 N + k))` (the paper's hand-selected
    /// schedule: the two means weigh the same after `k` visits), and `N` the count the exploration
    /// term uses: the parent's visits (`mcts`) or the child's availability (`ismcts`, SO-ISMCTS's
    /// stand-in for the parent's visits). As in the searches' expansion, untried actions are still
    /// expanded first, at random; RAVE orders the children once they exist. Costs a move log of
    /// the iteration (one push and one hash-table insert per action applied, tree and rollout) and
    /// one table look-up per child of each node on the path, plus a `sqrt` per child under
    /// `ismcts` ([`super::rave`]). With `reuse=true` a kept subtree keeps its AMAF statistics.
    pub rave: f64,
}

impl Default for SearchConfig {
    fn default() -> Self {
        Self {
            budget: Budget::Iterations(1000),
            c: 1.4,
            depth: None,
            cutoff: None,
            random_opponents: false,
            rollout: Rollout::Random,
            bias: 0.0,
            decay: 0.0,
            reuse: false,
            rave: 0.0,
        }
    }
}

/// The exploration term of the selection formula `mean + c * sqrt(ln(N) / n)` for a child
/// visited `n` times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Exploration {
    /// `N` is the parent's visit count (UCT, Kocsis & Szepesvári 2006).
    ParentVisits,
    /// `N` is the child's availability count: the number of visits of the parent in which the
    /// child's action was legal (SO-ISMCTS, Cowling, Powley & Whitehouse 2012).
    Availability,
}

/// No node (end of a child list).
const NONE: u32 = u32::MAX;

/// `ln(n)` of the counts `n` a search has met, kept from one search to the next: the same value as
/// `(n as f64).ln()`, without a call to `ln` per selection step. Counts from [`LN_TABLE_MAX`] on
/// are computed.
#[derive(Debug, Default)]
struct LnTable {
    /// `values[n]`: `ln(n)`.
    values: Vec<f64>,
}

/// The counts [`LnTable`] keeps (1 MiB of logs).
const LN_TABLE_MAX: usize = 1 << 17;

/// The most nodes a search reserves before its first iteration ([`Search::decide`]).
const RESERVE_NODES: usize = 1 << 22;

/// Iterations between two checks for a signal under an `iterations=` budget
/// ([`crate::interrupt::requested`], an atomic load): a few milliseconds of search at most.
const SIGNAL_CHECK_ITERATIONS: u32 = 1024;

impl LnTable {
    /// `(n as f64).ln()`.
    #[inline]
    fn of(&mut self, n: u32) -> f64 {
        match self.values.get(n as usize) {
            Some(&v) => v,
            None => self.extend(n),
        }
    }

    /// [`LnTable::of`] for a count past the table: extends it up to `n` if `n` is below
    /// [`LN_TABLE_MAX`].
    #[cold]
    fn extend(&mut self, n: u32) -> f64 {
        let n = n as usize;
        if n < LN_TABLE_MAX {
            let from = self.values.len();
            // At least doubled, so a long search extends it a few times only.
            let to = (n + 1).max(2 * from).min(LN_TABLE_MAX);
            self.values.extend((from..to).map(|k| (k as f64).ln()));
            return self.values[n];
        }
        (n as f64).ln()
    }
}

/// The children of `node` in `nodes`, in list order (newest first).
fn children<A>(nodes: &[Node<A>], node: u32) -> impl Iterator<Item = u32> + '_ {
    let first = nodes[node as usize].first_child;
    std::iter::successors((first != NONE).then_some(first), move |&c| {
        let next = nodes[c as usize].next_sibling;
        (next != NONE).then_some(next)
    })
}

/// One tree node: the action that leads to it from its parent and its statistics.
#[derive(Debug, Clone, Copy)]
struct Node<A> {
    /// The action from the parent (unused at the root).
    action: A,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Availability count: visits of the parent in which this action was legal (counted only
    /// for [`Exploration::Availability`]).
    avail: u32,
    /// Where `action` stood in the legal actions when last seen: checked first when the node is
    /// looked up in a new list, so a node whose legal actions do not change is found in O(1).
    hint: u32,
    /// Whether every legal action has a child, for a game of [`crate::game::Game::PERFECT_INFORMATION`]
    /// and [`crate::game::Game::DETERMINISTIC`]: its legal actions after a sequence of actions never
    /// change, so selection then skips listing them.
    expanded: bool,
}

/// What selection at one node reads and counts, borrowed out of [`Search`] as plain slices so that
/// a scan over the children keeps them in registers.
struct Scan<'s, A> {
    nodes: &'s mut [Node<A>],
    /// The reward sums of the seat to move at the node, by node.
    sums: &'s [f64],
    ln: &'s mut LnTable,
    exploration: Exploration,
    c: f64,
    /// `ln` of the node's visits.
    parent_log: f64,
    /// Progressive bias weight (0: off) and the heuristic value of each node at its creation.
    bias: f64,
    prior: &'s [f64],
    /// RAVE: the equivalence parameter `k` (0: off), the AMAF visits by node and the AMAF reward
    /// sums of the seat to move, by node.
    rave: f64,
    amaf_counts: &'s [f64],
    amaf_sums: &'s [f64],
    /// RAVE's β for the node's visits ([`Exploration::ParentVisits`] only).
    parent_beta: f64,
}

impl<'s, A> Scan<'s, A> {
    /// The scan of the children of `node` for `mover`; `RAVE`: whether RAVE is on.
    #[allow(clippy::too_many_arguments)]
    fn new<const RAVE: bool>(
        nodes: &'s mut [Node<A>],
        rewards: &'s [Vec<f64>],
        ln: &'s mut LnTable,
        exploration: Exploration,
        c: f64,
        (bias, prior): (f64, &'s [f64]),
        (rave, amaf_counts, amaf_sums): (f64, &'s [f64], &'s [Vec<f64>]),
        node: u32,
        mover: usize,
    ) -> Self {
        let visits = nodes[node as usize].visits;
        let parent_log = ln.of(visits);
        let (amaf_sums, parent_beta) =
            if RAVE { (amaf_sums[mover].as_slice(), rave::beta(rave, f64::from(visits))) } else { (&[][..], 0.0) };
        Self {
            nodes,
            sums: &rewards[mover],
            ln,
            exploration,
            c,
            parent_log,
            bias,
            prior,
            rave,
            amaf_counts,
            amaf_sums,
            parent_beta,
        }
    }

    /// The selection value of `child` (UCB1: `mean + c * sqrt(ln(N) / n)`), counting one
    /// availability for it under [`Exploration::Availability`].
    #[inline]
    /// `BIAS`, `RAVE`: whether progressive bias and RAVE are on (constants, so the plain search
    /// pays no test).
    fn value<const BIAS: bool, const RAVE: bool>(&mut self, child: u32) -> f64 {
        let node = &mut self.nodes[child as usize];
        let n = node.visits as f64;
        let (log, beta) = match self.exploration {
            Exploration::ParentVisits => (self.parent_log, self.parent_beta),
            Exploration::Availability => {
                node.avail += 1;
                let before = node.avail - 1;
                (self.ln.of(before), if RAVE { rave::beta(self.rave, f64::from(before)) } else { 0.0 })
            }
        };
        let mean = self.sums[child as usize] / n;
        let mean = if RAVE {
            // Every visited child has an AMAF visit at least (the iteration that visited it).
            let c = child as usize;
            rave::mix(beta, mean, self.amaf_sums[c] / self.amaf_counts[c])
        } else {
            mean
        };
        let value = mean + self.c * (log / n).sqrt();
        if BIAS { value + self.bias * self.prior[child as usize] / (n + 1.0) } else { value }
    }
}

/// A reusable search: the arena and every buffer an iteration needs.
#[derive(Debug)]
pub(crate) struct Search<G: Heuristic> {
    config: SearchConfig,
    exploration: Exploration,
    nodes: Vec<Node<G::Action>>,
    /// Reward sums per seat and node: `rewards[seat][node]` (the first `players` entries used).
    rewards: Vec<Vec<f64>>,
    players: usize,
    /// Nodes visited by the current iteration, root first.
    path: Vec<u32>,
    legal: Vec<G::Action>,
    /// `has_child[i]`: whether `legal[i]` already has a node under the current node.
    has_child: Vec<bool>,
    /// Indices into `legal` of actions without a node.
    untried: Vec<usize>,
    /// The logs of the visit and availability counts, looked up instead of computed.
    ln: LnTable,
    /// The current iteration's determinization.
    state: Option<G>,
    /// The rollout policy and its buffers.
    policy: Policy<G>,
    /// Progressive bias: each node's heuristic value at creation (kept only when `bias > 0`).
    prior: Vec<f64>,
    /// Tree reuse: what the last decision kept.
    kept: Kept<G>,
    /// RAVE (kept only when `rave > 0`): AMAF visits by node, AMAF reward sums per seat and node
    /// (`amaf_sums[seat][node]`), and the current iteration's moves.
    amaf_counts: Vec<f64>,
    amaf_sums: Vec<Vec<f64>>,
    log: MoveLog<G::Action>,
    /// Iterations run over all decisions (for `meeple bench --bot`).
    iterations_run: u64,
}

/// What a search with `reuse=true` keeps between decisions of a game of perfect information, and
/// the buffers that find the old tree's node of the new position.
#[derive(Debug)]
struct Kept<G: Heuristic> {
    /// The action the last search decided, while the arena holds its tree and `root` its root
    /// state (`None`: nothing to reuse).
    decided: Option<G::Action>,
    /// The state at the root of the kept tree (its storage kept from one decision to the next).
    root: Option<G>,
    /// `states[d - 1]`: the state at depth `d` of the node being replayed.
    states: Vec<G>,
    /// Replay stack: (node, depth).
    stack: Vec<(u32, u32)>,
    /// The chance generator of the replay: compared before and after each `apply` to see whether
    /// the action drew chance. Its draws never reach the search's own generator.
    rng: GameRng,
    /// Compaction: the new index of each old node (or [`NONE`]).
    remap: Vec<u32>,
}

impl<G: Heuristic> Kept<G> {
    fn new() -> Self {
        Self {
            decided: None,
            root: None,
            states: Vec::new(),
            stack: Vec::new(),
            rng: rng_from_seed(0),
            remap: Vec::new(),
        }
    }
}

impl<G: Heuristic> Search<G> {
    /// An empty search with the given parameters.
    pub(crate) fn new(config: SearchConfig, exploration: Exploration) -> Self {
        Self {
            config,
            exploration,
            nodes: Vec::new(),
            rewards: Vec::new(),
            players: 0,
            path: Vec::new(),
            legal: Vec::new(),
            has_child: Vec::new(),
            ln: LnTable::default(),
            untried: Vec::new(),
            state: None,
            policy: Policy::new(config.rollout, config.decay),
            prior: Vec::new(),
            kept: Kept::new(),
            amaf_counts: Vec::new(),
            amaf_sums: Vec::new(),
            log: MoveLog::new(),
            iterations_run: 0,
        }
    }

    /// The iterations run over all decisions so far (a decision with one legal action runs none).
    pub(crate) fn iterations_run(&self) -> u64 {
        self.iterations_run
    }

    /// Starts a game: forgets what the last game's searches kept (the MAST averages, the tree).
    pub(crate) fn begin_game(&mut self) {
        self.policy.begin_game();
        self.kept.decided = None;
    }

    /// Searches from `info` within the budget and returns the most visited root action (ties:
    /// the better mean reward for the deciding seat). A single legal action is returned without
    /// search.
    pub(crate) fn decide(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> G::Action {
        let legal = info.legal_actions();
        if legal.len() == 1 {
            return legal[0];
        }
        // Only a game of perfect information shows the state (see the module docs).
        let known = if self.config.reuse { info.perfect_state() } else { None };
        self.players = info.num_players();
        let reused = known.is_some_and(|state| self.reuse(state));
        self.policy.begin_decision();
        if !reused {
            self.nodes.clear();
            self.prior.clear();
            self.rewards.resize_with(self.rewards.len().max(self.players), Vec::new);
            for sums in &mut self.rewards {
                sums.clear();
            }
            if self.config.rave != 0.0 {
                self.amaf_counts.clear();
                self.amaf_sums.resize_with(self.amaf_sums.len().max(self.players), Vec::new);
                self.amaf_sums.iter_mut().for_each(Vec::clear);
            }
        }
        if let Budget::Iterations(n) = self.config.budget {
            // The whole budget up to 2²² nodes (a few hundred MB); a larger one grows as it goes
            // (ncf: 10⁸ iterations reserved gigabytes per thread up front).
            let reserve = (n as usize + 1).min(RESERVE_NODES);
            self.nodes.reserve(reserve);
            self.rewards[..self.players].iter_mut().for_each(|sums| sums.reserve(reserve));
        }
        if !reused {
            self.add_node(legal[0], 0, 1);
        }
        match self.config.budget {
            Budget::Iterations(n) => {
                // In chunks, so a signal ends a long search early (the runner drops this game at
                // once); the chunks run the same iterations as one call.
                let mut left = n;
                while left > 0 && crate::interrupt::requested().is_none() {
                    let chunk = left.min(SIGNAL_CHECK_ITERATIONS);
                    self.run(chunk, info, rng);
                    left -= chunk;
                }
            }
            Budget::Millis(ms) => {
                let (start, limit) = (Instant::now(), Duration::from_millis(ms));
                loop {
                    self.run(8, info, rng);
                    // A signal ends a long budget early: the runner drops this game at once.
                    if start.elapsed() >= limit || crate::interrupt::requested().is_some() {
                        break;
                    }
                }
            }
            Budget::CpuMillis(ms) => {
                let limit = thread_cpu_time() + Duration::from_millis(ms);
                loop {
                    self.run(8, info, rng);
                    if thread_cpu_time() >= limit || crate::interrupt::requested().is_some() {
                        break;
                    }
                }
            }
        }
        let seat = info.seat();
        let mut best = (0, f64::NEG_INFINITY, legal[0]);
        let mut child = self.nodes[0].first_child;
        while child != NONE {
            let node = &self.nodes[child as usize];
            let mean = self.rewards[seat][child as usize] / node.visits as f64;
            if (node.visits, mean) > (best.0, best.1) {
                best = (node.visits, mean, node.action);
            }
            child = node.next_sibling;
        }
        if let Some(state) = known {
            super::copy_in(&mut self.kept.root, state);
            self.kept.decided = Some(best.2);
        }
        best.2
    }

    /// Tree reuse: looks in the kept tree for a node whose state is `state` (replaying the
    /// tree's actions from the kept root state, the kept decision first, by iterative deepening
    /// up to `2 × players` plies, never past an action that draws chance) and, if found, makes
    /// it the root of a compacted arena. Returns whether it did; the kept tree is spent either
    /// way.
    fn reuse(&mut self, state: &G) -> bool {
        let Some(decided) = self.kept.decided.take() else { return false };
        let Some(root) = self.kept.root.take() else { return false };
        let found = self.find(&root, decided, state);
        // The storage is kept for the next decision's copy.
        self.kept.root = Some(root);
        found.inspect(|&node| self.compact(node)).is_some()
    }

    /// The first node, in iterative-deepening order, whose state replayed from `root` is `state`
    /// (see [`Search::reuse`]).
    fn find(&mut self, root: &G, decided: G::Action, state: &G) -> Option<u32> {
        let max_depth = 2 * state.num_players() as u32;
        if self.nodes.is_empty() {
            return None;
        }
        let kept = &mut self.kept;
        for limit in 1..=max_depth {
            let mut deeper = false;
            kept.stack.clear();
            let first = children(&self.nodes, 0).filter(|&c| self.nodes[c as usize].action == decided);
            kept.stack.extend(first.map(|c| (c, 1)));
            while let Some((node, depth)) = kept.stack.pop() {
                // The node's state, in `states[depth - 1]`, from its parent's.
                let d = depth as usize - 1;
                let (parents, rest) = kept.states.split_at_mut(d);
                let parent = if d == 0 { root } else { &parents[d - 1] };
                let here = match rest.first_mut() {
                    Some(s) => {
                        s.clone_from(parent);
                        s
                    }
                    None => {
                        let copy = parent.clone();
                        kept.states.push(copy);
                        &mut kept.states[d]
                    }
                };
                let before = kept.rng.clone();
                here.apply(self.nodes[node as usize].action, &mut kept.rng);
                if kept.rng != before {
                    // Chance: the node pools every outcome drawn here (see the module docs).
                    continue;
                }
                if depth == limit {
                    if *here == *state {
                        return Some(node);
                    }
                    deeper |= self.nodes[node as usize].first_child != NONE && here.to_move().is_some();
                    continue;
                }
                // Children pushed in reverse, so that they are replayed in the list's order.
                let from = kept.stack.len();
                kept.stack.extend(children(&self.nodes, node).map(|c| (c, depth + 1)));
                kept.stack[from..].reverse();
            }
            if !deeper {
                return None;
            }
        }
        None
    }

    /// Makes `node` the root: its subtree is moved to the front of the arena, in index order
    /// (a child's index is above its parent's, so every node moves down or stays), and the rest
    /// is dropped.
    fn compact(&mut self, node: u32) {
        let remap = &mut self.kept.remap;
        remap.clear();
        remap.resize(self.nodes.len(), NONE);
        // Mark the subtree (the stack is free again).
        let stack = &mut self.kept.stack;
        stack.clear();
        stack.push((node, 0));
        while let Some((n, _)) = stack.pop() {
            remap[n as usize] = 0;
            stack.extend(children(&self.nodes, n).map(|c| (c, 0)));
        }
        let mut next = 0;
        for r in remap.iter_mut().skip(node as usize) {
            if *r != NONE {
                *r = next;
                next += 1;
            }
        }
        let map = |i: u32| if i == NONE { NONE } else { remap[i as usize] };
        for old in node as usize..self.nodes.len() {
            let new = remap[old];
            if new == NONE {
                continue;
            }
            let mut n = self.nodes[old];
            n.first_child = map(n.first_child);
            n.next_sibling = if old == node as usize { NONE } else { map(n.next_sibling) };
            self.nodes[new as usize] = n;
            for sums in &mut self.rewards[..self.players] {
                sums[new as usize] = sums[old];
            }
            if self.config.bias != 0.0 {
                self.prior[new as usize] = self.prior[old];
            }
            if self.config.rave != 0.0 {
                self.amaf_counts[new as usize] = self.amaf_counts[old];
                for sums in &mut self.amaf_sums[..self.players] {
                    sums[new as usize] = sums[old];
                }
            }
        }
        let len = next as usize;
        self.nodes.truncate(len);
        self.rewards[..self.players].iter_mut().for_each(|sums| sums.truncate(len));
        self.prior.truncate(if self.config.bias != 0.0 { len } else { 0 });
        if self.config.rave != 0.0 {
            self.amaf_counts.truncate(len);
            self.amaf_sums[..self.players].iter_mut().for_each(|sums| sums.truncate(len));
        }
    }

    /// Appends a node for `action` (found at `hint` in the legal actions) with `avail`
    /// availability and zero statistics; returns its index.
    fn add_node(&mut self, action: G::Action, hint: usize, avail: u32) -> u32 {
        let index = self.nodes.len() as u32;
        let hint = hint as u32;
        self.nodes.push(Node {
            action,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            avail,
            hint,
            expanded: false,
        });
        self.rewards[..self.players].iter_mut().for_each(|sums| sums.push(0.0));
        if self.config.bias != 0.0 {
            self.prior.push(0.0);
        }
        if self.config.rave != 0.0 {
            self.amaf_counts.push(0.0);
            self.amaf_sums[..self.players].iter_mut().for_each(|sums| sums.push(0.0));
        }
        index
    }

    /// Runs `n` iterations.
    fn run(&mut self, n: u32, info: &InfoSet<'_, G>, rng: &mut GameRng) {
        // RAVE is a constant of each iteration's code, so the plain search tests nothing for it.
        if self.config.rave != 0.0 {
            (0..n).for_each(|_| self.iterate::<true>(info, rng));
        } else {
            (0..n).for_each(|_| self.iterate::<false>(info, rng));
        }
        self.iterations_run += u64::from(n);
    }

    /// One iteration: determinize, select, expand, roll out, back up. `RAVE`: whether RAVE is on
    /// (`SearchConfig::rave` above 0). Not inlined into [`Search::run`]: the plain iteration then
    /// compiles as it did before RAVE (inlined, the game's code came out 2.7% slower at Connect Four).
    #[inline(never)]
    fn iterate<const RAVE: bool>(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) {
        // Taken out of `self` for the iteration so that `state` does not borrow `self`.
        let mut slot = self.state.take();
        let state = info.determinize_in(&mut slot, rng);
        self.path.clear();
        self.path.push(0);
        let records = self.policy.records();
        if records {
            self.policy.begin_iteration();
        }
        let rave = RAVE;
        if rave {
            self.log.begin();
        }
        let bias = self.config.bias != 0.0;
        let mut node = 0;
        while let Some(mover) = state.to_move() {
            if self.config.random_opponents && mover != info.seat() {
                let Some(action) = state.random_action(rng, &mut self.legal) else { break };
                if records {
                    self.policy.record(mover, &action);
                }
                if rave {
                    self.log.record(mover, action);
                }
                state.apply(action, rng);
                continue;
            }
            if G::PERFECT_INFORMATION && G::DETERMINISTIC && self.nodes[node as usize].expanded {
                node = if bias {
                    self.select_expanded::<true, RAVE>(node, mover)
                } else {
                    self.select_expanded::<false, RAVE>(node, mover)
                };
                let action = self.nodes[node as usize].action;
                if records {
                    self.policy.record(mover, &action);
                }
                if rave {
                    self.log.choose(mover);
                    self.log.record(mover, action);
                }
                state.apply(action, rng);
                self.path.push(node);
                continue;
            }
            state.legal_actions(&mut self.legal);
            let best =
                if bias { self.select::<true, RAVE>(node, mover) } else { self.select::<false, RAVE>(node, mover) };
            self.nodes[node as usize].expanded = self.untried.is_empty();
            if !self.untried.is_empty() {
                let i = self.untried[rng.random_range(0..self.untried.len())];
                let child = self.add_node(self.legal[i], i, 1);
                self.nodes[child as usize].next_sibling = self.nodes[node as usize].first_child;
                self.nodes[node as usize].first_child = child;
                if records {
                    self.policy.record(mover, &self.legal[i]);
                }
                if rave {
                    self.log.choose(mover);
                    self.log.record(mover, self.legal[i]);
                }
                state.apply(self.legal[i], rng);
                if bias {
                    self.prior[child as usize] = evaluate(state, mover);
                }
                self.path.push(child);
                break;
            }
            node = best;
            let action = self.nodes[node as usize].action;
            if records {
                self.policy.record(mover, &action);
            }
            if rave {
                self.log.choose(mover);
                self.log.record(mover, action);
            }
            state.apply(action, rng);
            self.path.push(node);
        }
        let reward = self.rollout::<RAVE>(state, rng);
        if records {
            self.policy.end_iteration(&reward);
        }
        for &n in &self.path {
            self.nodes[n as usize].visits += 1;
        }
        for (sums, r) in self.rewards[..self.players].iter_mut().zip(&reward) {
            self.path.iter().for_each(|&n| sums[n as usize] += r);
        }
        if rave {
            self.update_amaf(&reward);
        }
        self.state = slot;
    }

    /// RAVE's AMAF update after an iteration with `reward` (see [`SearchConfig::rave`]): at each
    /// node of the path where a seat chose, every child whose action that seat played at that
    /// step or later counts one AMAF visit and gets the reward vector added to its AMAF sums.
    fn update_amaf(&mut self, reward: &Rewards) {
        self.log.index();
        let players = self.players;
        for (&node, &(seat, step)) in self.path.iter().zip(self.log.choices()) {
            let mut child = self.nodes[node as usize].first_child;
            while child != NONE {
                let c = &self.nodes[child as usize];
                if self.log.played_since(seat, &c.action, step) {
                    self.amaf_counts[child as usize] += 1.0;
                    for (sums, r) in self.amaf_sums[..players].iter_mut().zip(reward.iter()) {
                        sums[child as usize] += r;
                    }
                }
                child = c.next_sibling;
            }
        }
    }

    /// Scans the children of `node` that are legal in the current determinization (`self.legal`):
    /// returns the one with the best selection value for `mover` (or [`NONE`]), fills
    /// `self.untried` with the legal actions that have no child yet, and counts one availability
    /// for every legal child.
    fn select<const BIAS: bool, const RAVE: bool>(&mut self, node: u32, mover: usize) -> u32 {
        let bias = (self.config.bias, self.prior.as_slice());
        let rave = (self.config.rave, self.amaf_counts.as_slice(), self.amaf_sums.as_slice());
        let mut scan = Scan::new::<RAVE>(
            &mut self.nodes,
            &self.rewards,
            &mut self.ln,
            self.exploration,
            self.config.c,
            bias,
            rave,
            node,
            mover,
        );
        let (mut best, mut best_value) = (NONE, f64::NEG_INFINITY);
        let mut legal_children = 0;
        let mut child = scan.nodes[node as usize].first_child;
        while child != NONE {
            let c = &mut scan.nodes[child as usize];
            let hinted = self.legal.get(c.hint as usize).is_some_and(|&a| a == c.action);
            let found = if hinted { Some(c.hint as usize) } else { self.legal.iter().position(|&a| a == c.action) };
            let next = c.next_sibling;
            if let Some(i) = found {
                c.hint = i as u32;
                legal_children += 1;
                let value = scan.value::<BIAS, RAVE>(child);
                if value > best_value {
                    (best, best_value) = (child, value);
                }
            }
            child = next;
        }
        self.untried.clear();
        if legal_children < self.legal.len() {
            // Some legal actions have no child: mark those that have one (the hints of the legal
            // children were just set), and list the others.
            self.has_child.clear();
            self.has_child.resize(self.legal.len(), false);
            let mut child = self.nodes[node as usize].first_child;
            while child != NONE {
                let c = &self.nodes[child as usize];
                if self.legal.get(c.hint as usize) == Some(&c.action) {
                    self.has_child[c.hint as usize] = true;
                }
                child = c.next_sibling;
            }
            self.untried.extend(self.has_child.iter().enumerate().filter(|&(_, &h)| !h).map(|(i, _)| i));
        }
        best
    }

    /// [`Search::select`] at a node of a [`crate::game::Game::PERFECT_INFORMATION`] and
    /// [`crate::game::Game::DETERMINISTIC`] game whose legal actions all have a child: the same choice, without listing the legal actions.
    fn select_expanded<const BIAS: bool, const RAVE: bool>(&mut self, node: u32, mover: usize) -> u32 {
        let bias = (self.config.bias, self.prior.as_slice());
        let rave = (self.config.rave, self.amaf_counts.as_slice(), self.amaf_sums.as_slice());
        let mut scan = Scan::new::<RAVE>(
            &mut self.nodes,
            &self.rewards,
            &mut self.ln,
            self.exploration,
            self.config.c,
            bias,
            rave,
            node,
            mover,
        );
        let (mut best, mut best_value) = (NONE, f64::NEG_INFINITY);
        let mut child = scan.nodes[node as usize].first_child;
        while child != NONE {
            let value = scan.value::<BIAS, RAVE>(child);
            if value > best_value {
                (best, best_value) = (child, value);
            }
            child = scan.nodes[child as usize].next_sibling;
        }
        best
    }

    /// Plays rollout actions ([`Rollout`]) from `state` until the game ends, the depth cap or
    /// the heuristic cut-off; returns the exact rewards or, if stopped early, the heuristic
    /// values. `RAVE`: whether to note each action in the move log.
    fn rollout<const RAVE: bool>(&mut self, state: &mut G, rng: &mut GameRng) -> Rewards {
        let cap = self.config.depth.map_or(DEFAULT_MAX_ACTIONS, |d| d as usize);
        let players = self.players;
        let cutoff = self.config.cutoff;
        let cut = |s: &G| cutoff.is_some_and(|t| (0..players).any(|seat| s.heuristic(seat) >= t));
        if self.config.rollout == Rollout::Random {
            // The plain search's loop, kept apart so that it tests nothing per step for the
            // other policies.
            for _ in 0..cap {
                // A finished game stops below (`random_action` gives `None`).
                if cutoff.is_some() && state.to_move().is_some() && cut(state) {
                    break;
                }
                let Some(action) = state.random_action(rng, &mut self.legal) else { break };
                if RAVE {
                    // The mover before `apply` (a drawn action has one).
                    if let Some(mover) = state.to_move() {
                        self.log.record(mover, action);
                    }
                }
                state.apply(action, rng);
            }
            return evaluate_all(state);
        }
        let records = self.policy.records();
        for _ in 0..cap {
            if cutoff.is_some() && state.to_move().is_some() && cut(state) {
                break;
            }
            let Some(mover) = state.to_move() else { break };
            let action = if self.policy.explores(rng) {
                let Some(action) = state.random_action(rng, &mut self.legal) else { break };
                action
            } else {
                state.legal_actions(&mut self.legal);
                self.policy.choose(state, mover, &self.legal, rng)
            };
            if records {
                self.policy.record(mover, &action);
            }
            if RAVE {
                self.log.record(mover, action);
            }
            state.apply(action, rng);
        }
        evaluate_all(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::Encoding;
    use crate::game::{Game, Seat};
    use crate::games::connect4::{ConnectFour, Drop};
    use rand::Rng;

    /// The table gives exactly `ln` (bit for bit), whatever order the counts come in, past its
    /// end too.
    #[test]
    fn ln_table_equals_ln() {
        let mut t = LnTable::default();
        let counts = [3000, 0, 1, 2, 7, 2999, 3000, 3001, 6500, 100_000, LN_TABLE_MAX as u32 - 1];
        for n in counts.into_iter().chain(0..10_000).chain([LN_TABLE_MAX as u32, u32::MAX]) {
            assert_eq!(t.of(n).to_bits(), (n as f64).ln().to_bits(), "ln({n})");
        }
        assert_eq!(t.values.len(), LN_TABLE_MAX);
    }

    /// The subtree of `node` in preorder: each node's action, visits, availability and reward
    /// sums of both seats.
    fn subtree<G: Heuristic>(search: &Search<G>, node: u32) -> Vec<(String, u32, u32, [f64; 2])> {
        let mut out = Vec::new();
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            let x = &search.nodes[n as usize];
            out.push((
                x.action.to_string(),
                x.visits,
                x.avail,
                [search.rewards[0][n as usize], search.rewards[1][n as usize]],
            ));
            let kids: Vec<u32> = super::children(&search.nodes, n).collect();
            stack.extend(kids.into_iter().rev());
        }
        out
    }

    /// The children of `node`: (index, action).
    fn children<G: Heuristic>(search: &Search<G>, node: u32) -> Vec<(u32, G::Action)> {
        super::children(&search.nodes, node).map(|c| (c, search.nodes[c as usize].action)).collect()
    }

    fn reusing<G: Heuristic>(iterations: u32, exploration: Exploration) -> Search<G> {
        let config = SearchConfig { budget: Budget::Iterations(iterations), reuse: true, ..SearchConfig::default() };
        Search::new(config, exploration)
    }

    fn decide<G: Heuristic>(search: &mut Search<G>, state: &G, seed: u64) -> G::Action {
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        search.decide(&InfoSet::new(state, &legal), &mut rng_from_seed(seed))
    }

    /// After a decision at a Connect Four position, each reply of the opponent to it leads to the
    /// node of that reply under the decision: `reuse` makes exactly that node's subtree the
    /// arena (same actions, visits, availabilities and sums, in the same order), and a position
    /// not under the decision (another first move) reuses nothing.
    #[test]
    fn reuse_finds_the_subtree_of_the_position_reached() {
        let start = ConnectFour::from_moves(&[3, 3, 2]);
        for exploration in [Exploration::ParentVisits, Exploration::Availability] {
            let mut search = reusing::<ConnectFour>(600, exploration);
            let decided = decide(&mut search, &start, 1);
            let (under, _) = children(&search, 0).into_iter().find(|&(_, a)| a == decided).unwrap();
            let replies = children(&search, under);
            assert!(replies.len() >= 5, "{replies:?}");
            for (reply, Drop(col)) in replies {
                let mut search = reusing::<ConnectFour>(600, exploration);
                assert_eq!(decide(&mut search, &start, 1), decided);
                let expected = subtree(&search, reply);
                let mut now = start.clone();
                now.apply(decided, &mut rng_from_seed(0));
                now.apply(Drop(col), &mut rng_from_seed(0));
                assert!(search.reuse(&now), "{exploration:?}: reply {col}");
                assert_eq!(subtree(&search, 0), expected, "{exploration:?}: reply {col}");
                assert_eq!((search.nodes.len(), search.rewards[0].len()), (expected.len(), expected.len()));
            }
            let other = (0..7).map(Drop).find(|&a| a != decided).unwrap();
            let mut now = start.clone();
            now.apply(other, &mut rng_from_seed(0));
            now.apply(decided, &mut rng_from_seed(0));
            let mut search = reusing::<ConnectFour>(600, exploration);
            decide(&mut search, &start, 1);
            assert!(!search.reuse(&now), "{exploration:?}: a position under another first move");
        }
    }

    /// A reused tree keeps searching: the next decision's root has the kept visits plus its own
    /// budget, and a new game (`begin_game`) starts from a fresh tree.
    #[test]
    fn the_next_decision_adds_its_iterations_to_the_kept_node() {
        let start = ConnectFour::from_moves(&[3, 3, 2]);
        let mut search = reusing::<ConnectFour>(500, Exploration::ParentVisits);
        let decided = decide(&mut search, &start, 1);
        let (under, _) = children(&search, 0).into_iter().find(|&(_, a)| a == decided).unwrap();
        let (reply, action) = children(&search, under)[0];
        let kept = search.nodes[reply as usize].visits;
        assert!(kept > 0);
        let mut now = start.clone();
        now.apply(decided, &mut rng_from_seed(0));
        now.apply(action, &mut rng_from_seed(0));
        decide(&mut search, &now, 2);
        assert_eq!(search.nodes[0].visits, kept + 500);
        let mut fresh = reusing::<ConnectFour>(500, Exploration::ParentVisits);
        decide(&mut fresh, &now, 2);
        assert_eq!(fresh.nodes[0].visits, 500);
        search.begin_game();
        decide(&mut search, &now, 2);
        assert_eq!(search.nodes[0].visits, 500, "a new game keeps nothing");
    }

    /// A search with `rave=k` and an arena of its root only (action `Drop(0)`), 2 seats.
    fn rave_search(k: f64, exploration: Exploration) -> Search<ConnectFour> {
        let config = SearchConfig { rave: k, c: 0.0, ..SearchConfig::default() };
        let mut search = Search::<ConnectFour>::new(config, exploration);
        search.players = 2;
        search.rewards = vec![Vec::new(), Vec::new()];
        search.amaf_sums = vec![Vec::new(), Vec::new()];
        search.add_node(Drop(0), 0, 1);
        search
    }

    /// Adds a child for `action` under `parent`; returns its index.
    fn link(search: &mut Search<ConnectFour>, parent: u32, action: Drop) -> u32 {
        let child = search.add_node(action, 0, 1);
        search.nodes[child as usize].next_sibling = search.nodes[parent as usize].first_child;
        search.nodes[parent as usize].first_child = child;
        child
    }

    /// The AMAF update on a tiny tree, with exact counts and sums. Actions a = 1, b = 2, c = 3;
    /// the iteration: seat 0 chooses b at the root (step 0), seat 1 chooses c at node 2 (step 1),
    /// seat 0 chooses a at node 4 (step 2), then the rollout: seat 1 plays b (step 3). Rewards
    /// (1/4, 3/4). Updated: at the root (seat 0, steps 0..) a and b; at node 2 (seat 1, steps
    /// 1..) c and b, not a (seat 0 played it); at node 4 (seat 0, steps 2..) a, not b (seat 0
    /// played it before, at step 0). The leaf (7) chooses nothing.
    #[test]
    fn amaf_update_counts_each_childs_action_played_later_by_the_chooser() {
        let (a, b, c) = (Drop(1), Drop(2), Drop(3));
        let mut search = rave_search(10.0, Exploration::ParentVisits);
        let n1 = link(&mut search, 0, a);
        let n2 = link(&mut search, 0, b);
        let n3 = link(&mut search, n2, a);
        let n4 = link(&mut search, n2, c);
        let n5 = link(&mut search, n2, b);
        let n6 = link(&mut search, n4, b);
        let n7 = link(&mut search, n4, a);
        assert_eq!([n1, n2, n3, n4, n5, n6, n7], [1, 2, 3, 4, 5, 6, 7]);
        search.path = vec![0, n2, n4, n7];
        search.log.begin();
        for (seat, action, chooses) in [(0, b, true), (1, c, true), (0, a, true), (1, b, false)] {
            if chooses {
                search.log.choose(seat);
            }
            search.log.record(seat, action);
        }
        let mut reward = [0.0; crate::game::MAX_SEATS];
        (reward[0], reward[1]) = (0.25, 0.75);
        search.update_amaf(&reward);
        assert_eq!(search.amaf_counts, [0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0]);
        assert_eq!(search.amaf_sums[0], [0.0, 0.25, 0.25, 0.0, 0.25, 0.25, 0.0, 0.25]);
        assert_eq!(search.amaf_sums[1], [0.0, 0.75, 0.75, 0.0, 0.75, 0.75, 0.0, 0.75]);
        // A second, shorter iteration: seat 0 chooses a at the root, the game ends.
        search.path = vec![0, n1];
        search.log.begin();
        search.log.choose(0);
        search.log.record(0, a);
        search.update_amaf(&[1.0; crate::game::MAX_SEATS]);
        assert_eq!(search.amaf_counts, [0.0, 2.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0]);
        assert_eq!(search.amaf_sums[0][1], 1.25);
    }

    /// The selection value with RAVE, exactly: a child of mean 1/2 (2 over 4 visits) and AMAF
    /// mean 3/4 (6 over 8), with k = 1000 at N = 1000 (β = 1/2) and c = 0, is worth 5/8, under
    /// both explorations (`mcts`: N the parent's visits; `ismcts`: the child's availability
    /// before this one); without RAVE, 1/2.
    #[test]
    fn rave_value_mixes_the_means_by_beta() {
        for exploration in [Exploration::ParentVisits, Exploration::Availability] {
            let mut search = rave_search(1000.0, exploration);
            let child = link(&mut search, 0, Drop(1));
            search.nodes[0].visits = 1000;
            search.nodes[child as usize].visits = 4;
            search.nodes[child as usize].avail = 1000;
            search.rewards[1][child as usize] = 2.0;
            search.amaf_counts[child as usize] = 8.0;
            search.amaf_sums[1][child as usize] = 6.0;
            let s = &mut search;
            let rave = (s.config.rave, s.amaf_counts.as_slice(), s.amaf_sums.as_slice());
            let mut scan =
                Scan::new::<true>(&mut s.nodes, &s.rewards, &mut s.ln, exploration, 0.0, (0.0, &[]), rave, 0, 1);
            assert_eq!(scan.value::<false, true>(child), 0.625, "{exploration:?}");
            assert_eq!(scan.value::<false, false>(child), 0.5, "{exploration:?}");
        }
    }

    /// RAVE searches are a function of the seed, and every iteration updates some AMAF visits.
    #[test]
    fn rave_search_is_reproducible() {
        let state = ConnectFour::from_moves(&[3, 3, 2, 4]);
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        for exploration in [Exploration::ParentVisits, Exploration::Availability] {
            let run = |rave: f64, seed: u64| {
                let config = SearchConfig { budget: Budget::Iterations(300), rave, ..SearchConfig::default() };
                let mut search = Search::<ConnectFour>::new(config, exploration);
                let action = search.decide(&InfoSet::new(&state, &legal), &mut rng_from_seed(seed));
                (action, search.nodes[0].visits, search.amaf_counts.iter().sum::<f64>())
            };
            let (action, visits, amaf) = run(50.0, 1);
            assert_eq!(run(50.0, 1), (action, visits, amaf));
            assert_eq!(visits, 300);
            // Each iteration gives an AMAF visit to at least the child it chose at the root.
            assert!(amaf >= 300.0, "{amaf}");
        }
    }

    /// Connect Four where a disc in the middle column draws chance: one bit of luck, kept in the
    /// state. Perfect information (both seats see the luck).
    #[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
    struct Lucky {
        #[serde(skip)]
        board: ConnectFour,
        luck: u8,
    }

    impl std::fmt::Display for Lucky {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "{}luck {}", self.board, self.luck)
        }
    }

    impl Game for Lucky {
        type Action = Drop;
        type Config = crate::games::connect4::Config;
        type Observation = Lucky;
        type SeatLabels = ();
        type GameLabels = ();
        const NAME: &'static str = "lucky";
        const PERFECT_INFORMATION: bool = true;
        fn players(c: &Self::Config) -> std::ops::RangeInclusive<usize> {
            ConnectFour::players(c)
        }
        fn new_game(c: &Self::Config, players: usize, rng: &mut GameRng) -> Self {
            Self { board: ConnectFour::new_game(c, players, rng), luck: 0 }
        }
        fn num_players(&self) -> usize {
            2
        }
        fn to_move(&self) -> Option<Seat> {
            self.board.to_move()
        }
        fn legal_actions(&self, out: &mut Vec<Drop>) {
            self.board.legal_actions(out);
        }
        fn apply(&mut self, action: Drop, rng: &mut GameRng) {
            self.board.apply(action, rng);
            if action == Drop(3) {
                self.luck = (rng.next_u32() & 1) as u8;
            }
        }
        fn outcome(&self) -> Option<Rewards> {
            self.board.outcome()
        }
        fn determinize(&mut self, _: Seat, _: &mut GameRng) {}
        fn observation(&self, _: Seat) -> Lucky {
            self.clone()
        }
        fn seat_labels(&self, _: Seat) {}
        fn game_labels(&self) {}
    }

    impl Encoding for Lucky {
        const OBSERVATION_VERSION: u32 = 1;
        fn num_distinct_actions(c: &Self::Config, players: usize) -> u32 {
            ConnectFour::num_distinct_actions(c, players)
        }
        fn action_id(&self, action: Drop) -> u32 {
            self.board.action_id(action)
        }
        fn action_from_id(&self, id: u32) -> Option<Drop> {
            self.board.action_from_id(id)
        }
    }

    impl Heuristic for Lucky {
        fn heuristic(&self, seat: Seat) -> f64 {
            self.board.heuristic(seat)
        }
    }

    /// A node below an action that drew chance pools every outcome drawn there, so it is never
    /// reused, whichever outcome the game drew; a chance-free path still is.
    #[test]
    fn reuse_never_crosses_an_action_that_drew_chance() {
        let start = Lucky { board: ConnectFour::from_moves(&[0, 6]), luck: 0 };
        let mut probe = reusing::<Lucky>(2000, Exploration::ParentVisits);
        let decided = decide(&mut probe, &start, 4);
        let (under, _) = children(&probe, 0).into_iter().find(|&(_, a)| a == decided).unwrap();
        let replies = children(&probe, under);
        let mut through_chance = 0;
        for (_, reply) in replies {
            for luck in 0..2 {
                let mut search = reusing::<Lucky>(2000, Exploration::ParentVisits);
                assert_eq!(decide(&mut search, &start, 4), decided);
                let mut now = start.clone();
                now.board.apply(decided, &mut rng_from_seed(0));
                now.board.apply(reply, &mut rng_from_seed(0));
                now.luck = if decided == Drop(3) || reply == Drop(3) { luck } else { 0 };
                let chance = decided == Drop(3) || reply == Drop(3);
                through_chance += u32::from(chance);
                assert_eq!(search.reuse(&now), !chance, "decided {decided}, reply {reply}, luck {luck}");
            }
        }
        assert!(through_chance > 0);
    }

    /// Not a check: prints how much of the budget the kept subtree brings to a decision, for
    /// `mcts:iterations=N,reuse=true` against plain `mcts:iterations=N` over 20 Connect Four
    /// games (README). `cargo test --lib reuse_share -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn reuse_share_of_the_budget() {
        for iterations in [100u32, 1000, 10_000] {
            let (mut found, mut decisions, mut kept) = (0u64, 0u64, 0u64);
            for game in 0..20u64 {
                let mut reusing = reusing::<ConnectFour>(iterations, Exploration::ParentVisits);
                let config = SearchConfig { budget: Budget::Iterations(iterations), ..SearchConfig::default() };
                let mut plain = Search::<ConnectFour>::new(config, Exploration::ParentVisits);
                let mut state = ConnectFour::new_game(&Default::default(), 2, &mut rng_from_seed(0));
                let (mut rng, mut legal) = (rng_from_seed(game), Vec::new());
                while let Some(seat) = state.to_move() {
                    state.legal_actions(&mut legal);
                    let action = if (seat as u64 + game).is_multiple_of(2) {
                        let had = reusing.kept.decided.is_some();
                        let action = reusing.decide(&InfoSet::new(&state, &legal), &mut rng);
                        if had && legal.len() > 1 {
                            let extra = u64::from(reusing.nodes[0].visits - iterations);
                            (decisions, found, kept) = (decisions + 1, found + u64::from(extra > 0), kept + extra);
                        }
                        action
                    } else {
                        plain.decide(&InfoSet::new(&state, &legal), &mut rng)
                    };
                    state.apply(action, &mut rng);
                }
            }
            let share = kept as f64 / decisions as f64 / f64::from(iterations);
            eprintln!(
                "{iterations} iterations: reused {found} of {decisions} decisions, kept {:.1}% of the budget",
                100.0 * share
            );
        }
    }
}
