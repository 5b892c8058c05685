//! One running external bot: a child process spoken to in JSON lines (stdin/stdout), its stderr
//! appended to a log file and its last lines kept for error messages; and the per-thread pool
//! that lets a worker thread reuse its processes across games.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::ExtConfig;

/// Lines of the bot's stderr kept for fault messages.
const TAIL_LINES: usize = 12;

/// How long a closed bot may take to exit on its own before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// A running bot process.
pub struct BotProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    /// Lines the bot printed on stdout, read by a helper thread (so a hang can time out).
    lines: Receiver<String>,
    /// The last [`TAIL_LINES`] lines of its stderr.
    tail: Arc<Mutex<VecDeque<String>>>,
}

impl BotProcess {
    /// Starts `config`'s command, its stderr appended to `config.log_path()` (each line prefixed
    /// with the process id).
    ///
    /// # Errors
    /// The command cannot be started, or the log file cannot be opened.
    pub fn spawn(config: &ExtConfig) -> Result<Self, String> {
        let log = config.log_path();
        if let Some(dir) = log.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
            .map_err(|e| format!("cannot open the bot log {}: {e}", log.display()))?;
        let mut child = Command::new(&config.command)
            .args(&config.args)
            .envs(config.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start `{}`: {e}", config.command))?;
        let (stdout, stderr) = (child.stdout.take().expect("piped"), child.stderr.take().expect("piped"));
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let (keep, pid) = (Arc::clone(&tail), child.id());
        std::thread::spawn(move || copy_stderr(stderr, file, &keep, pid));
        Ok(Self { stdin: child.stdin.take(), child, lines, tail })
    }

    /// Writes `line` and a newline to the bot's stdin.
    ///
    /// # Errors
    /// The bot has closed its stdin (it exited): the message says so, with its exit status.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        let stdin = self.stdin.as_mut().expect("stdin is open until drop");
        let sent = stdin.write_all(line.as_bytes()).and_then(|_| stdin.write_all(b"\n")).and_then(|_| stdin.flush());
        sent.map_err(|_| self.exited())
    }

    /// The next line the bot prints on stdout, waiting at most `timeout`.
    ///
    /// # Errors
    /// `timeout: ...` if none comes in time, `crash: ...` if the bot exited.
    pub fn receive(&mut self, timeout: Duration) -> Result<String, String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(format!("timeout: no answer within {} ms", timeout.as_millis())),
            Err(RecvTimeoutError::Disconnected) => Err(self.exited()),
        }
    }

    /// The last lines of the bot's stderr, oldest first.
    pub fn stderr_tail(&self) -> Vec<String> {
        // Its stderr may still be arriving after a crash: give the reader a moment.
        std::thread::sleep(Duration::from_millis(50));
        self.tail.lock().map(|t| t.iter().cloned().collect()).unwrap_or_default()
    }

    /// Kills the bot at once (after a fault: it may hang), reaping it.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Why the bot stopped answering: it exited, with this status.
    fn exited(&mut self) -> String {
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
    /// Closes the bot's stdin (its signal to exit), waits up to [`EXIT_GRACE`], then kills it.
    fn drop(&mut self) {
        drop(self.stdin.take());
        let start = std::time::Instant::now();
        while start.elapsed() < EXIT_GRACE {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
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

/// A process of this thread that was started with handshake `key`, if one is idle.
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
