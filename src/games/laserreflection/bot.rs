//! Laser Reflection's side of the `solver` bot ([`Solve`]): the plan is a solution grid with the
//! fewest items the search finds within its node budget (Decision 2: an exact solver places a
//! minimal solution), searched on the public puzzle alone; the moves take off the seat's items
//! that differ from the plan (row-major), then place the plan's missing items (row-major). No
//! solution within the budget: the seat gives up.

use super::beam::cells;
use super::generator::Puzzle;
use super::items::{EMPTY, WARP};
use super::solver::{Strategy, solve};
use super::state::{Action, LaserState};
use crate::agent::{Agent, Solve, SolverAgent, SolverConfig, SolverStrategy};
use crate::game::Seat;

/// The solver bot's plan: the puzzle it was made for and the grid to build (`None`: give up).
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    puzzle: Puzzle,
    target: Option<super::beam::Grid>,
}

impl Solve for LaserState {
    type Plan = Plan;

    fn plan(&self, _seat: Seat, config: &SolverConfig) -> Plan {
        let strategy = match config.strategy {
            SolverStrategy::Backtrack => Strategy::Backtrack,
            SolverStrategy::Propagate => Strategy::Propagate,
        };
        let report = solve(&self.puzzle, self.config.partial, config.nodes, strategy);
        Plan { puzzle: self.puzzle, target: report.best }
    }

    fn plan_fits(&self, _seat: Seat, plan: &Plan) -> bool {
        plan.puzzle == self.puzzle
    }

    fn next_action(&self, seat: Seat, plan: &Plan) -> Action {
        let Some(target) = plan.target else { return Action::GiveUp };
        let (grid, frame) = (&self.grids[seat], &self.puzzle.frame);
        if let Some(x) = cells(frame).find(|&x| !matches!(grid.0[x], EMPTY | WARP) && grid.0[x] != target.0[x]) {
            return Action::Remove { cell: x as u8 };
        }
        match cells(frame).find(|&x| target.0[x] != WARP && target.0[x] != EMPTY && grid.0[x] == EMPTY) {
            Some(x) => Action::Place { item: target.0[x], cell: x as u8 },
            None => Action::GiveUp,
        }
    }
}

impl LaserState {
    /// The `solver` agent for this game ([`crate::agent::Heuristic::solver_agent`]).
    pub(super) fn solver(config: SolverConfig) -> Box<dyn Agent<Self>> {
        Box::new(SolverAgent::<Self>::new(config))
    }
}
