//! Interrupts: SIGINT (Ctrl-C), SIGTERM (`kill`, Slurm's `scancel`) and SIGHUP (the terminal
//! closed, an ssh session lost) ask a run to stop at its next window. The run discards the window in progress, saves its checkpoint, and returns
//! [`super::RunError::Interrupted`] (the binary prints `interrupted at 84 of 300 games; run the
//! same command to resume` and exits 128 + the signal's number: 130, 143, 129). A second signal ends
//! the process at once (its checkpoint is the last one saved, so it still resumes).
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
