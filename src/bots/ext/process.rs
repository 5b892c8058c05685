//! One running external bot: a child process spoken to in JSON lines (stdin/stdout), its stderr
//! appended to a log file and its last lines kept for error messages; and the per-thread pool
//! that lets a worker thread reuse its processes across games.
//!
//! The deciding thread reads the bot's stdout itself, waiting with `poll(2)` for the timeout: a
//! reader thread handing lines over a channel costs a third context switch per round trip, and
//! made the Python random client 1.3-2x slower (27,000 against 36,000-54,000 round trips/s,
//! `meeple bench --game connect4 --bot py-random`, three alternating runs). Off Unix there is no
//! `poll`: reads block, so a hanging bot is not timed out there.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::ExtConfig;

/// Lines of the bot's stderr kept for fault messages.
const TAIL_LINES: usize = 12;

/// How long a closed bot may take to exit on its own before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// How long a fault message waits for the last of an exited bot's stderr (its reader thread
/// stops at the end of the stream, at once unless a child of the bot still holds it open).
const STDERR_GRACE: Duration = Duration::from_millis(500);

/// A running bot process.
pub struct BotProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: ChildStdout,
    /// Bytes read from stdout that do not yet end a line.
    pending: Vec<u8>,
    /// The line being sent, with its newline.
    outgoing: Vec<u8>,
    /// The last [`TAIL_LINES`] lines of its stderr.
    tail: Arc<Mutex<VecDeque<String>>>,
    /// Set when the stderr reader has reached the end of the stream.
    stderr_done: Arc<AtomicBool>,
    /// Its log, held until it has exited and its stderr is read.
    slot: LogSlot,
}

/// The logs of the live bot processes: (the bot's log path, slot number).
static LOG_SLOTS: Mutex<Vec<(PathBuf, usize)>> = Mutex::new(Vec::new());

/// A bot process's own log: slot 0 is the bot's log path itself (`NAME.log`), slot `k` the same
/// with `.k` before its extension (`NAME.1.log`). A process takes the lowest slot that no live
/// process holds, of this meeple (a registry) or of another (an exclusive `flock` on the file,
/// held while the log is open, until the process's stderr has ended), so the processes that run
/// at once (one per worker thread, or two meeple runs given one `log=` path) never write one file
/// together, and a stderr tail and the log it names are the same process's; a process that
/// replaces another (a restart after a fault) appends to a free one.
#[derive(Debug)]
struct LogSlot {
    base: PathBuf,
    k: usize,
}

impl LogSlot {
    /// The lowest free slot of `base`, taken, with its file opened for appending and locked.
    ///
    /// # Errors
    /// Its folder cannot be created, or the file cannot be opened.
    fn take(base: PathBuf) -> Result<(Self, File), String> {
        if let Some(dir) = base.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let mut held = Vec::new();
        loop {
            let slot = {
                let mut slots = LOG_SLOTS.lock().unwrap_or_else(|e| e.into_inner());
                let free = |k: &usize| !held.contains(k) && !slots.iter().any(|(b, j)| *b == base && j == k);
                let k = (0..).find(free).expect("a free slot");
                slots.push((base.clone(), k));
                Self { base: base.clone(), k }
            };
            let log = slot.path();
            let file = OpenOptions::new()
                .create(true)
                .append(true)
                .open(&log)
                .map_err(|e| format!("cannot open the bot log {}: {e}", log.display()))?;
            match file.try_lock() {
                // Held by another meeple's bot: the next slot (this one is freed as `slot` drops).
                Err(std::fs::TryLockError::WouldBlock) => held.push(slot.k),
                // Taken, or a file system without locks: as before locks, one meeple's slots.
                _ => return Ok((slot, file)),
            }
        }
    }

    /// The slot's file.
    fn path(&self) -> PathBuf {
        slot_path(&self.base, self.k)
    }
}

impl Drop for LogSlot {
    fn drop(&mut self) {
        let mut slots = LOG_SLOTS.lock().unwrap_or_else(|e| e.into_inner());
        slots.retain(|(b, j)| !(*b == self.base && *j == self.k));
    }
}

/// The file of slot `k` of the log `base`: `base` for 0, else `.k` before its extension
/// (`bot.log` → `bot.2.log`; `bot` → `bot.2`).
pub fn slot_path(base: &Path, k: usize) -> PathBuf {
    if k == 0 {
        return base.to_path_buf();
    }
    let stem = base.file_stem().map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let name = match base.extension() {
        Some(ext) => format!("{stem}.{k}.{}", ext.to_string_lossy()),
        None => format!("{stem}.{k}"),
    };
    base.with_file_name(name)
}

impl BotProcess {
    /// Starts `config`'s command, its stderr appended to a log of its own ([`LogSlot`]: the first
    /// free of `config.log_path()`, `NAME.1.log`, `NAME.2.log`, … in this meeple and any other;
    /// each line prefixed with the process id).
    ///
    /// # Errors
    /// The command cannot be started, or the log file cannot be opened.
    pub fn spawn(config: &ExtConfig) -> Result<Self, String> {
        let (slot, file) = LogSlot::take(config.log_path())?;
        let mut command = Command::new(&config.command);
        command.args(&config.args).envs(config.env.iter().map(|(k, v)| (k, v)));
        // Its own process group: a Ctrl-C on the terminal (SIGINT to meeple's group) asks meeple
        // to stop, which stops its bots; it must not kill them first (each would be reported as
        // a forfeit). A second signal kills the group ([`crate::interrupt::watch_child`]).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start `{}`: {e}", config.command))?;
        crate::interrupt::watch_child(child.id());
        let (stdout, stderr) = (child.stdout.take().expect("piped"), child.stderr.take().expect("piped"));
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let stderr_done = Arc::new(AtomicBool::new(false));
        let (keep, done, pid) = (Arc::clone(&tail), Arc::clone(&stderr_done), child.id());
        std::thread::spawn(move || {
            copy_stderr(stderr, file, &keep, pid);
            done.store(true, Ordering::Release);
        });
        Ok(Self {
            stdin: child.stdin.take(),
            child,
            stdout,
            pending: Vec::new(),
            outgoing: Vec::new(),
            tail,
            stderr_done,
            slot,
        })
    }

    /// The log its stderr goes to (its own: no other live process writes it).
    pub fn log(&self) -> PathBuf {
        self.slot.path()
    }

    /// Writes `line` and a newline to the bot's stdin.
    ///
    /// # Errors
    /// The bot has closed its stdin (it exited): the message says so, with its exit status.
    ///
    /// The line goes out in one write (two would wake the bot twice), with `SIGPIPE` held back
    /// ([`without_sigpipe`]): writing to a bot that exited must fail, not kill meeple.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        self.outgoing.clear();
        self.outgoing.extend_from_slice(line.as_bytes());
        self.outgoing.push(b'\n');
        let stdin = self.stdin.as_mut().expect("stdin is open until drop");
        let sent = without_sigpipe(|| stdin.write_all(&self.outgoing).and_then(|()| stdin.flush()));
        sent.map_err(|_| self.exited())
    }

    /// The next line the bot prints on stdout, waiting at most `timeout`, or `Ok(None)` as soon as
    /// a signal asks meeple to stop ([`crate::interrupt::requested`], checked every
    /// [`STOP_CHECK`]): neither a decision (`timeout_ms`) nor the hello (`startup_ms`, 10 s by
    /// default) may delay a Ctrl-C.
    ///
    /// # Errors
    /// `timeout: ...` if none comes in time, `crash: ...` if the bot exited.
    pub fn receive_or_stop(&mut self, timeout: Duration) -> Result<Option<String>, String> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=end).collect();
                let text = String::from_utf8_lossy(&line[..end]);
                return Ok(Some(text.strip_suffix('\r').unwrap_or(&text).to_string()));
            }
            match readable(&self.stdout, deadline) {
                Ok(Ready::Yes) => {}
                Ok(Ready::TimedOut) => return Err(format!("timeout: no answer within {} ms", timeout.as_millis())),
                Ok(Ready::Stopped) => return Ok(None),
                Err(_) => return Err(self.exited()),
            }
            let mut chunk = [0u8; 4096];
            match self.stdout.read(&mut chunk) {
                Ok(0) | Err(_) => return Err(self.exited()),
                Ok(n) => self.pending.extend_from_slice(&chunk[..n]),
            }
        }
    }

    /// Kills the bot at once (after a fault: it may hang), reaping it, and returns the last lines
    /// of its stderr, all that it wrote, and its log: killing it ends the stream (waited for at
    /// most [`STDERR_GRACE`], in case a child of the bot still holds it), so a traceback the bot
    /// was printing is not cut off.
    pub fn kill(mut self) -> (Vec<String>, PathBuf) {
        kill_group(&mut self.child);
        crate::interrupt::forget_child(self.child.id());
        let _ = self.child.wait();
        self.wait_stderr();
        (self.tail.lock().map(|t| t.iter().cloned().collect()).unwrap_or_default(), self.log())
    }

    /// Waits at most [`STDERR_GRACE`] for the end of the bot's stderr (all of it in its log).
    fn wait_stderr(&self) {
        let deadline = Instant::now() + STDERR_GRACE;
        while !self.stderr_done.load(Ordering::Acquire) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Why the bot stopped answering: it exited, with this status.
    fn exited(&mut self) -> String {
        crate::interrupt::forget_child(self.child.id());
        let status = (0..20).find_map(|_| {
            let s = self.child.try_wait().ok().flatten();
            if s.is_none() {
                std::thread::sleep(Duration::from_millis(10));
            }
            s
        });
        match status {
            Some(s) => format!("crash: the bot exited ({s})"),
            None => "crash: the bot closed its output".to_string(),
        }
    }
}

impl Drop for BotProcess {
    /// Closes the bot's stdin (its signal to exit), waits up to [`EXIT_GRACE`], then kills it
    /// and its process group (also when it exited: a helper process it started, such as a
    /// `sleep` of a shell script, is not left behind); its log is free for another process once
    /// its stderr is read.
    fn drop(&mut self) {
        drop(self.stdin.take());
        // Forgotten before it is reaped (its number may then be reused); closing its stdin ends it.
        crate::interrupt::forget_child(self.child.id());
        let start = std::time::Instant::now();
        while start.elapsed() < EXIT_GRACE {
            match exit_of(&mut self.child) {
                Exit::Running => std::thread::sleep(Duration::from_millis(5)),
                // A helper process it started (same process group) would outlive it: killed.
                Exit::Exited => break,
                Exit::Reaped => {
                    self.wait_stderr();
                    return;
                }
            }
        }
        kill_group(&mut self.child);
        let _ = self.child.wait();
        self.wait_stderr();
    }
}

/// Whether a bot process has ended ([`exit_of`]).
enum Exit {
    /// It still runs.
    Running,
    /// It exited and is not reaped yet: its number still names its process group.
    Exited,
    /// It exited and was reaped (or cannot be waited for).
    Reaped,
}

/// Whether `child` has exited, without reaping it on Linux (`waitid` with `WNOWAIT`), so that
/// [`kill_group`] can still reach the processes it left in its group; elsewhere it is reaped.
fn exit_of(child: &mut Child) -> Exit {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: a zeroed `siginfo_t` is valid; `waitid` with `WNOWAIT` inspects our own child
        // without reaping it, and `si_pid` reads the field `waitid` fills (0 while it runs).
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
        match unsafe { libc::waitid(libc::P_PID, child.id(), &mut info, flags) } {
            0 if unsafe { info.si_pid() } == 0 => Exit::Running,
            0 => Exit::Exited,
            _ => Exit::Reaped,
        }
    }
    #[cfg(not(target_os = "linux"))]
    match child.try_wait() {
        Ok(None) => Exit::Running,
        _ => Exit::Reaped,
    }
}

/// Kills `child` and, on Unix, the processes of its process group (a bot is started as the leader
/// of its own: a helper process it started, or the program a shell script runs without `exec`,
/// dies with it).
fn kill_group(child: &mut Child) {
    #[cfg(unix)]
    // SAFETY: `child` is not reaped yet, so its number names it (and its group) only.
    unsafe {
        libc::kill(-(child.id() as i32), libc::SIGKILL);
    }
    let _ = child.kill();
}

/// How often a wait for the bot ([`BotProcess::receive_or_stop`]) checks for a signal: a signal may
/// be delivered to another thread than the waiting one, so `poll` is not always interrupted.
const STOP_CHECK: Duration = Duration::from_millis(50);

/// What a wait for the bot's stdout found.
enum Ready {
    /// Bytes to read, or the stream closed.
    Yes,
    /// Nothing before the deadline.
    TimedOut,
    /// A signal asked meeple to stop.
    Stopped,
}

/// Whether `stdout` has bytes to read (or is closed) before `deadline`; stops early when a
/// signal asks meeple to stop.
///
/// # Errors
/// `poll` fails other than by a signal.
#[cfg(unix)]
fn readable(stdout: &ChildStdout, deadline: Instant) -> std::io::Result<Ready> {
    use std::os::fd::AsRawFd;
    loop {
        if crate::interrupt::requested().is_some() {
            return Ok(Ready::Stopped);
        }
        let mut fd = libc::pollfd { fd: stdout.as_raw_fd(), events: libc::POLLIN, revents: 0 };
        let left = deadline.saturating_duration_since(Instant::now());
        let wait = left.min(STOP_CHECK);
        let ms = wait.as_millis().min(i32::MAX as u128) as i32;
        // SAFETY: `fd` is one valid pollfd for the duration of the call.
        match unsafe { libc::poll(&mut fd, 1, ms) } {
            -1 if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted => continue,
            -1 => return Err(std::io::Error::last_os_error()),
            0 if wait < left => continue,
            0 => return Ok(Ready::TimedOut),
            _ => return Ok(Ready::Yes),
        }
    }
}

/// Off Unix: always ready (the read blocks; no timeout, no stop).
#[cfg(not(unix))]
fn readable(_: &ChildStdout, _: Instant) -> std::io::Result<Ready> {
    Ok(Ready::Yes)
}

/// Runs `write` (to a bot's stdin) with `SIGPIPE` blocked on this thread, and discards the
/// `SIGPIPE` it raised if the bot had exited: `meeple` gives `SIGPIPE` its default action (to stop
/// quietly under `| head`), which would otherwise kill meeple there instead of letting the write
/// fail with `EPIPE`. The signal of a write to a pipe goes to the writing thread, so blocking it
/// here leaves other threads' output as it was.
#[cfg(unix)]
fn without_sigpipe<T>(write: impl FnOnce() -> std::io::Result<T>) -> std::io::Result<T> {
    // SAFETY: plain signal-mask calls on this thread with initialized sets; `sigwait` returns at
    // once, as it runs only when SIGPIPE is pending.
    unsafe {
        let mut pipe: libc::sigset_t = std::mem::zeroed();
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut pipe);
        libc::sigaddset(&mut pipe, libc::SIGPIPE);
        libc::pthread_sigmask(libc::SIG_BLOCK, &pipe, &mut old);
        let result = write();
        if result.is_err() && libc::sigismember(&old, libc::SIGPIPE) == 0 {
            let mut pending: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut pending);
            if libc::sigpending(&mut pending) == 0 && libc::sigismember(&pending, libc::SIGPIPE) == 1 {
                let mut signal = 0;
                libc::sigwait(&pipe, &mut signal);
            }
        }
        libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        result
    }
}

/// Off Unix there is no `SIGPIPE`.
#[cfg(not(unix))]
fn without_sigpipe<T>(write: impl FnOnce() -> std::io::Result<T>) -> std::io::Result<T> {
    write()
}

/// Appends the bot's stderr lines to `file` (prefixed with `[pid]`) and keeps the last ones.
fn copy_stderr(stderr: impl std::io::Read, mut file: File, tail: &Mutex<VecDeque<String>>, pid: u32) {
    for line in BufReader::new(stderr).lines() {
        let Ok(line) = line else { break };
        let _ = writeln!(file, "[{pid}] {line}");
        if let Ok(mut t) = tail.lock() {
            if t.len() == TAIL_LINES {
                t.pop_front();
            }
            t.push_back(line);
        }
    }
}

thread_local! {
    /// Healthy, handshaken processes of this thread, by key (see [`checkout`]).
    static POOL: RefCell<Vec<(String, BotProcess)>> = const { RefCell::new(Vec::new()) };
}

/// An idle process of this thread pooled under `key` (the bot and its handshake), if any.
pub fn checkout(key: &str) -> Option<BotProcess> {
    POOL.with_borrow_mut(|pool| {
        let i = pool.iter().position(|(k, _)| k == key)?;
        Some(pool.swap_remove(i).1)
    })
}

/// Returns an idle, healthy process to this thread's pool, for the next agent with `key`.
/// The pool (and so the process) lives until the thread exits.
pub fn checkin(key: String, process: BotProcess) {
    POOL.with_borrow_mut(|pool| pool.push((key, process)));
}
