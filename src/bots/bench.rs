//! `meeple bench --bot`: decision (and search iteration) throughput of one bot on one core.

use std::time::Instant;

use super::{BotSpec, Fault, Halt, Heuristic, InfoSet};
use crate::game::rng_from_seed;

/// Decisions taken by a bot in some wall time, from one position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AgentBench {
    /// Decisions taken.
    pub decisions: u64,
    /// Search iterations over all the decisions, for tree searches (counted, so also under an
    /// `ms` or `cpu_ms` budget; a decision with one legal action runs none).
    pub iterations: Option<u64>,
    /// Wall time in seconds.
    pub seconds: f64,
}

impl AgentBench {
    /// Decisions per second.
    pub fn decisions_per_sec(&self) -> f64 {
        self.decisions as f64 / self.seconds
    }

    /// Search iterations per second (`None` for a bot that does not search).
    pub fn iterations_per_sec(&self) -> Option<f64> {
        self.iterations.map(|n| n as f64 / self.seconds)
    }

    /// Search iterations per decision, on average (`None` for a bot that does not search).
    pub fn iterations_per_decision(&self) -> Option<f64> {
        self.iterations.map(|n| n as f64 / self.decisions as f64)
    }
}

/// Why a bot could not be measured.
#[derive(Debug, thiserror::Error)]
pub enum BotBenchError {
    /// The bot forfeited a decision (e.g. an external bot that crashed, hung, answered garbage
    /// or an illegal action).
    #[error("bot `{bot}` failed after {decisions} decisions: {reason}")]
    Forfeit {
        /// The bot's name.
        bot: String,
        /// Decisions it took before.
        decisions: u64,
        /// Its reason.
        reason: String,
    },
    /// The bot cannot play on (an external bot that could not be restarted).
    #[error(transparent)]
    Halt(#[from] Halt),
}

/// Lets the bot `spec` decide repeatedly, on the current thread, from the first position of a
/// `players`-seat game dealt with seed 0, for about `seconds` (at least one decision). One agent
/// serves every decision, as in a tournament, so buffers and the search arena are reused. For an
/// external bot, every decision is one protocol round trip.
///
/// # Errors
/// [`BotBenchError`]: an external bot that faults (crashes, hangs, answers garbage or an illegal
/// action), with the reason.
pub fn bench_agent<G: Heuristic>(
    config: &G::Config,
    players: usize,
    spec: &BotSpec,
    seconds: f64,
) -> Result<AgentBench, BotBenchError> {
    let state = G::new_game(config, players, &mut rng_from_seed(0));
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let info = InfoSet::new(&state, &legal);
    let mut agent = spec.agent::<G>();
    agent.begin_game(config, players, info.seat());
    let mut rng = rng_from_seed(1);
    let start = Instant::now();
    let mut decisions = 0;
    loop {
        std::hint::black_box(agent.act(&info, &mut rng));
        match agent.fault() {
            None => {}
            Some(Fault::Forfeit(reason)) => {
                return Err(BotBenchError::Forfeit { bot: spec.name.clone(), decisions, reason });
            }
            Some(Fault::Halt(halt)) => return Err(halt.into()),
        }
        decisions += 1;
        let elapsed = start.elapsed().as_secs_f64();
        if elapsed >= seconds {
            return Ok(AgentBench { decisions, iterations: agent.search_iterations(), seconds: elapsed });
        }
    }
}
