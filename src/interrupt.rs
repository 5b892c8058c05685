//! Interrupts: SIGINT (Ctrl-C), SIGTERM (`kill`, Slurm's `scancel`) and SIGHUP (the terminal
//! closed, an ssh session lost) ask a run, a merge or a puzzle study to stop. A run stops at its
//! next window: it discards the window in progress, saves its checkpoint, and returns
//! [`crate::tournament::RunError::Interrupted`] (the binary prints `interrupted at 84 of 300 games; run the
//! same command to resume` and exits 128 + the signal's number: 130, 143, 129). A second signal ends
//! the process at once (its checkpoint is the last one saved, so it still resumes).
//!
//! An external bot that is starting stops waiting for its hello (`crate::bots::ext`), a merge
//! removes its temporary folder (`crate::tournament::merge`), a puzzle study stops before it
//! writes anything (`crate::puzzles`). The flag lives on the lowest floor so that every layer
//! can read it.
//!
//! The handlers are installed by the binary ([`install`]); a program that uses the library
//! without them keeps the signals' usual actions, and its runs are never interrupted here.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The signal that asked the run to stop (0: none).
static SIGNAL: AtomicUsize = AtomicUsize::new(0);

/// Set by the first signal: a second one exits at once.
static ARMED: AtomicBool = AtomicBool::new(false);

/// The signals that interrupt a run.
pub const SIGNALS: [i32; 3] = [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP];

/// Installs the handlers of [`SIGNALS`]: the first signal is recorded for [`requested`]; a second
/// exits with status 128 + its number.
///
/// # Errors
/// A handler cannot be registered.
pub fn install() -> std::io::Result<()> {
    for signal in SIGNALS {
        // The shutdown is registered first, so the first signal finds it disarmed and arms it.
        signal_hook::flag::register_conditional_shutdown(signal, 128 + signal, &ARMED)?;
        signal_hook::flag::register_usize(signal, &SIGNAL, signal as usize)?;
        signal_hook::flag::register(signal, &ARMED)?;
    }
    Ok(())
}

/// The signal that asked the run to stop, if one did.
pub fn requested() -> Option<i32> {
    match SIGNAL.load(Ordering::Relaxed) {
        0 => None,
        s => Some(s as i32),
    }
}

/// A command that a signal stopped before it finished (a bot that was starting, a merge, a puzzle
/// study): the signal's number and the line to print, which says what happened and what to do,
/// e.g. `interrupted while bot `slow` was starting, before any game was played; nothing was
/// written: run the same command to resume`. The `meeple` binary prints it and exits with status
/// 128 + the signal's number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Interrupted {
    /// The signal's number (2: SIGINT, 15: SIGTERM, 1: SIGHUP).
    pub signal: i32,
    /// The line to print.
    pub message: String,
}
