//! `meeple bench`: random-playout throughput of a game, on one core and on all cores.
//!
//! A playout is a complete game from `new_game` to the end (or the action cap) with uniformly
//! random actions, exactly what the random bot does in a tournament, without the statistics.
//!
//! Rates are given per wall-second and per CPU-second of the playing threads (user + system
//! time, on Unix): on a loaded machine only the second is comparable between runs.

use std::time::Instant;

use rayon::prelude::*;

use crate::game::{DEFAULT_MAX_ACTIONS, Game, GameRng, rng_from_seed};

/// Games and actions played in some wall time.
#[derive(Debug, Clone, Copy, Default)]
pub struct Throughput {
    /// Complete playouts.
    pub games: u64,
    /// Actions applied.
    pub actions: u64,
    /// Wall time in seconds.
    pub seconds: f64,
    /// CPU time (user + system) of the playing threads in seconds, summed over threads; `None`
    /// where it cannot be read (outside Unix).
    pub cpu_seconds: Option<f64>,
}

impl Throughput {
    /// Playouts per second.
    pub fn games_per_sec(&self) -> f64 {
        self.games as f64 / self.seconds
    }

    /// Actions per second.
    pub fn actions_per_sec(&self) -> f64 {
        self.actions as f64 / self.seconds
    }

    /// Playouts per CPU-second of the playing threads (`None` without CPU time).
    pub fn games_per_cpu_sec(&self) -> Option<f64> {
        self.cpu_seconds.map(|c| self.games as f64 / c)
    }

    /// Actions per CPU-second of the playing threads (`None` without CPU time).
    pub fn actions_per_cpu_sec(&self) -> Option<f64> {
        self.cpu_seconds.map(|c| self.actions as f64 / c)
    }
}

/// The result of [`bench`].
#[derive(Debug, Clone, Copy)]
pub struct BenchReport {
    /// Player count.
    pub players: usize,
    /// One thread.
    pub single: Throughput,
    /// All threads together; `None` when `threads` is 1, as `single` already measures that.
    pub parallel: Option<Throughput>,
    /// Threads of the all-threads measurement.
    pub threads: usize,
}

/// Plays random playouts for `seconds` on one thread, then, if `threads` is more than one (0: all
/// cores), for `seconds` on `threads` threads.
pub fn bench<G: Game>(config: &G::Config, players: usize, seconds: f64, threads: usize) -> BenchReport {
    let single = playouts::<G>(config, players, seconds, 0);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("thread pool");
    let threads = pool.current_num_threads();
    let parallel = (threads > 1).then(|| {
        let start = Instant::now();
        let total = pool.install(|| {
            (0..threads as u64).into_par_iter().map(|t| playouts::<G>(config, players, seconds, t + 1)).reduce(
                || Throughput { cpu_seconds: Some(0.0), ..Throughput::default() },
                |a, b| Throughput {
                    games: a.games + b.games,
                    actions: a.actions + b.actions,
                    seconds: 0.0,
                    cpu_seconds: a.cpu_seconds.zip(b.cpu_seconds).map(|(x, y)| x + y),
                },
            )
        });
        Throughput { seconds: start.elapsed().as_secs_f64(), ..total }
    });
    BenchReport { players, single, parallel, threads }
}

/// Random playouts on the current thread for about `seconds`.
pub fn playouts<G: Game>(config: &G::Config, players: usize, seconds: f64, seed: u64) -> Throughput {
    let mut rng = rng_from_seed(seed);
    let mut legal = Vec::with_capacity(64);
    let mut t = Throughput::default();
    let (start, cpu_start) = (Instant::now(), thread_cpu_seconds());
    loop {
        for _ in 0..64 {
            t.actions += playout::<G>(config, players, &mut rng, &mut legal) as u64;
            t.games += 1;
        }
        t.seconds = start.elapsed().as_secs_f64();
        if t.seconds >= seconds {
            t.cpu_seconds = cpu_start.zip(thread_cpu_seconds()).map(|(a, b)| b - a);
            return t;
        }
    }
}

/// CPU time (user + system) of the calling thread in seconds, `CLOCK_THREAD_CPUTIME_ID`.
#[cfg(unix)]
fn thread_cpu_seconds() -> Option<f64> {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid `timespec` for the call to write.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    ok.then_some(t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9)
}

/// CPU time of the calling thread: not read outside Unix.
#[cfg(not(unix))]
fn thread_cpu_seconds() -> Option<f64> {
    None
}

/// One random playout; returns its number of actions.
pub fn playout<G: Game>(config: &G::Config, players: usize, rng: &mut GameRng, legal: &mut Vec<G::Action>) -> usize {
    let mut state = G::new_game(config, players, rng);
    for n in 0..DEFAULT_MAX_ACTIONS {
        let Some(a) = state.random_action(rng, legal) else { return n };
        state.apply(a, rng);
    }
    DEFAULT_MAX_ACTIONS
}
