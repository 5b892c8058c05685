//! Interrupts: SIGINT (Ctrl-C), SIGTERM (`kill`, Slurm's `scancel`) and SIGHUP (the terminal
//! closed, an ssh session lost) ask a run, a merge or a puzzle study to stop. A run stops at its
//! next window: it discards the window in progress, saves its checkpoint, and returns
//! [`crate::tournament::RunError::Interrupted`] (the binary prints `interrupted at 84 of 300 games; run the
//! same command to resume` and exits 128 + the signal's number: 130, 143, 129). A second signal ends
//! the process at once: it kills the bot processes it started ([`watch_child`]) and says that it
//! stopped without a checkpoint at the current game ([`SECOND`]; the last checkpoint saved is kept,
//! so a run still resumes).
//!
//! A game in progress stops before its next agent decision (`crate::tournament::Player`), so a
//! built-in search that thinks for seconds delays the stop by one decision at most; an external
//! bot that is starting stops waiting for its hello (`crate::bots::ext`), a merge
//! removes its temporary folder (`crate::tournament::merge`), a puzzle study stops before it
//! writes anything (`crate::puzzles`). The flag lives on the lowest floor so that every layer
//! can read it.
//!
//! The handlers are installed by the binary ([`install`]); a program that uses the library
//! without them keeps the signals' usual actions, and its runs are never interrupted here.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};

/// The signal that asked the run to stop (0: none).
static SIGNAL: AtomicUsize = AtomicUsize::new(0);

/// Set by the first signal: a second one exits at once.
static ARMED: AtomicBool = AtomicBool::new(false);

/// The signals that interrupt a run.
pub const SIGNALS: [i32; 3] = [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP];

/// The line a second signal prints before meeple exits at once.
pub const SECOND: &str = "meeple: a second signal stopped it at once, without a checkpoint at the current game; its bot \
                          processes were killed: run the same command again (a run resumes from its last checkpoint)\n";

/// Installs the handlers of [`SIGNALS`]: the first signal is recorded for [`requested`]; a second
/// kills the watched bot processes ([`watch_child`]), prints [`SECOND`] and exits with status
/// 128 + its number.
///
/// # Errors
/// A handler cannot be registered.
pub fn install() -> std::io::Result<()> {
    for signal in SIGNALS {
        // The shutdown is registered first, so the first signal finds it disarmed and arms it.
        // SAFETY: the action only reads atomics and calls async-signal-safe functions (`kill`,
        // `write`, `_exit`).
        unsafe {
            signal_hook::low_level::register(signal, move || {
                if ARMED.load(Ordering::SeqCst) {
                    stop_now(signal)
                }
            })
        }?;
        signal_hook::flag::register_usize(signal, &SIGNAL, signal as usize)?;
        signal_hook::flag::register(signal, &ARMED)?;
    }
    Ok(())
}

/// The second signal's action: kills every watched process group, says so, exits. Signal-safe.
fn stop_now(signal: i32) -> ! {
    for slot in &CHILDREN {
        let pid = slot.load(Ordering::SeqCst);
        if pid > 0 {
            // SAFETY: `kill` is async-signal-safe; `pid` is a child not yet reaped ([`forget_child`]
            // runs before it is), so neither number names another process.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
                libc::kill(pid, libc::SIGKILL);
            }
        }
    }
    // SAFETY: `write` is async-signal-safe; the buffer is a static string.
    unsafe { libc::write(2, SECOND.as_ptr().cast(), SECOND.len()) };
    signal_hook::low_level::exit(128 + signal)
}

/// The process ids of the live child processes that a second signal kills with their process
/// groups (0: a free slot). A fixed array: the signal handler can neither lock nor allocate.
static CHILDREN: [AtomicI32; 256] = [const { AtomicI32::new(0) }; 256];

/// Records the child process `pid`, the leader of its own process group (an external bot), to be
/// killed with its group by a second signal. Call [`forget_child`] before reaping it. Beyond 256
/// live children, the rest are not recorded (they still exit when meeple closes their stdin).
pub fn watch_child(pid: u32) {
    let pid = pid as i32;
    let _ = CHILDREN.iter().find(|s| s.compare_exchange(0, pid, Ordering::SeqCst, Ordering::SeqCst).is_ok());
}

/// Forgets the child `pid` recorded by [`watch_child`] (before it is reaped: its number may then be
/// reused).
pub fn forget_child(pid: u32) {
    let pid = pid as i32;
    let _ = CHILDREN.iter().find(|s| s.compare_exchange(pid, 0, Ordering::SeqCst, Ordering::SeqCst).is_ok());
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
