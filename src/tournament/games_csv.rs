//! `games.csv`: one row per game, in (player count, index) order, with what it takes to replay it.
//!
//! Columns: `players, index, seed, length, truncated`; for a run with an external bot (`ext`),
//! `forfeit_seat, forfeit_reason` (the seat whose bot forfeited the game and why, e.g. `timeout:
//! no answer within 300 ms`; empty for the other games); one column per game label of the game
//! (e.g. `winner`; empty for truncated games), then for each seat `s` of the largest player count
//! in the run: `seat{s}_bot`, one `seat{s}_{label}` per seat label of the game, and
//! `seat{s}_reward`, and for a game with scores `seat{s}_score` (the seat's final
//! [`Game::score`]) (empty for seats a smaller game lacks, and rewards and scores empty for
//! truncated and forfeited games).
//! `seed` is the game's chance seed (stream 0 of its deal); `meeple` replays a game from the
//! spec's master seed and `index`.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::mpsc;
use std::thread;

pub use super::error::ResumeError;
use super::play::{Played, Series};
use super::seed::derive;
use crate::bots::BotSpec;
use crate::const_text::holds;
use crate::game::Game;
use crate::labels::{Labels, repeated};
use crate::stats::metrics as metric_columns;

/// The per-game columns the harness writes before the game labels (the last two only for a run
/// with an external bot).
pub const GAME_COLUMNS: [&str; 7] =
    ["players", "index", "seed", "length", "truncated", "forfeit_seat", "forfeit_reason"];

/// The per-seat columns the harness writes for each seat `s`, as `seat{s}_{name}` (`score` only
/// for a game with scores).
pub const SEAT_COLUMNS: [&str; 3] = ["bot", "reward", "score"];

/// The header row for a run of game `G` with at most `max_players` seats.
pub fn header<G: Game>(max_players: usize, external: bool, metrics: bool) -> Vec<String> {
    let mut h: Vec<String> = GAME_COLUMNS[..5].iter().map(|c| c.to_string()).collect();
    if external {
        h.extend(GAME_COLUMNS[5..].iter().map(|c| c.to_string()));
    }
    h.extend(G::GameLabels::NAMES.iter().map(|l| l.to_string()));
    for s in 0..max_players {
        h.push(format!("seat{s}_{}", SEAT_COLUMNS[0]));
        h.extend(G::SeatLabels::NAMES.iter().map(|l| format!("seat{s}_{l}")));
        h.push(format!("seat{s}_{}", SEAT_COLUMNS[1]));
        if G::SCORING.is_some() {
            h.push(format!("seat{s}_{}", SEAT_COLUMNS[2]));
        }
    }
    if metrics {
        h.extend(metric_columns::GAME_COLUMNS.iter().map(|c| c.to_string()));
        h.extend((0..max_players).map(|s| format!("metric_seat{s}_decisions")));
    }
    h
}

/// The groups the runner adds to `summary.csv` besides the game's labels (`bot` is also a
/// per-seat column): no label may be named like one.
pub const RUNNER_GROUPS: [&str; 3] = ["all", "seat", "bot"];

/// Why a game's labels would give `games.csv` two columns of one name, or `summary.csv` two
/// labels of one name: see [`label_clash`]. Its `Display` is the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clash {
    /// A label named like a group the runner adds to `summary.csv` ([`RUNNER_GROUPS`]).
    Group(&'static str),
    /// A seat label named like a per-seat column of the harness ([`SEAT_COLUMNS`]).
    SeatColumn(&'static str),
    /// A game label named like a per-game column ([`GAME_COLUMNS`]).
    GameColumn(&'static str),
    /// A game label named like a per-seat column (`seat{s}_…`).
    PerSeat(&'static str),
    /// A label name given twice (two seat labels, two game labels, or a seat and a game label).
    Twice(&'static str),
}

impl Clash {
    /// What is wrong, without the label's name (for a compile-time error).
    pub const fn reason(self) -> &'static str {
        match self {
            Clash::Group(_) => "a label is named like a group of summary.csv (all, seat, bot)",
            Clash::SeatColumn(_) => "a seat label is named like a per-seat column of games.csv (bot, reward, score)",
            Clash::GameColumn(_) => "a game label is named like a per-game column of games.csv",
            Clash::PerSeat(_) => "a game label is named like a per-seat column of games.csv (`seat{s}_…`)",
            Clash::Twice(_) => "a label name is given twice",
        }
    }
}

impl std::fmt::Display for Clash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Clash::Group(l) => {
                write!(f, "label `{l}` is also a group of summary.csv (reserved: {})", RUNNER_GROUPS.join(", "))
            }
            Clash::SeatColumn(l) => write!(
                f,
                "seat label `{l}` is also a per-seat column of games.csv (reserved: {})",
                SEAT_COLUMNS.join(", ")
            ),
            Clash::GameColumn(l) => write!(
                f,
                "game label `{l}` is also a per-game column of games.csv (reserved: {})",
                GAME_COLUMNS.join(", ")
            ),
            Clash::PerSeat(l) => {
                write!(f, "game label `{l}` is named like a per-seat column of games.csv (`seat{{s}}_…`)")
            }
            Clash::Twice(l) => write!(f, "label `{l}` is given twice"),
        }
    }
}

/// Why a game's label names ([`crate::labels::Labels::NAMES`] of its seat and game labels) would
/// give `games.csv` two columns of one name or `summary.csv` two groups of one name, or `None` if
/// they cannot: a seat label named like a per-seat column of the harness ([`SEAT_COLUMNS`]), a
/// label named like a group the runner adds ([`RUNNER_GROUPS`]: `all`, `seat`, `bot`), a game
/// label named like a per-game column ([`GAME_COLUMNS`]) or like a per-seat column
/// (`seat{s}_…`), or a name given twice (the statistics key labels by name, so a seat label and a
/// game label may not share one either).
/// A `const fn`: [`crate::registry::entry`] checks every registered game at compile time.
pub const fn label_clash(seat_labels: &[&'static str], game_labels: &[&'static str]) -> Option<Clash> {
    let mut i = 0;
    while i < seat_labels.len() {
        if holds(&SEAT_COLUMNS, seat_labels[i]) {
            return Some(Clash::SeatColumn(seat_labels[i]));
        }
        i += 1;
    }
    let mut i = 0;
    while i < seat_labels.len() + game_labels.len() {
        let l = if i < seat_labels.len() { seat_labels[i] } else { game_labels[i - seat_labels.len()] };
        if holds(&RUNNER_GROUPS, l) {
            return Some(Clash::Group(l));
        }
        i += 1;
    }
    let mut i = 0;
    while i < game_labels.len() {
        if holds(&GAME_COLUMNS, game_labels[i]) {
            return Some(Clash::GameColumn(game_labels[i]));
        }
        i += 1;
    }
    let mut i = 0;
    while i < game_labels.len() {
        if per_seat(game_labels[i]) {
            return Some(Clash::PerSeat(game_labels[i]));
        }
        i += 1;
    }
    if let Some(l) = repeated(seat_labels) {
        return Some(Clash::Twice(l));
    }
    if let Some(l) = repeated(game_labels) {
        return Some(Clash::Twice(l));
    }
    let mut i = 0;
    while i < game_labels.len() {
        if holds(seat_labels, game_labels[i]) {
            return Some(Clash::Twice(game_labels[i]));
        }
        i += 1;
    }
    None
}

/// Whether `name` has the form of a per-seat column, `seat{s}_…` (`s` one or more digits).
const fn per_seat(name: &str) -> bool {
    let b = name.as_bytes();
    if b.len() < 4 || b[0] != b's' || b[1] != b'e' || b[2] != b'a' || b[3] != b't' {
        return false;
    }
    let mut i = 4;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    i > 4 && i < b.len() && b[i] == b'_'
}

/// The row of game `p` of `series`, padded to `max_players` seats.
pub fn row<G: Game>(series: &Series<G>, p: &Played<G>, max_players: usize) -> Vec<String> {
    let mut r = vec![
        series.players.to_string(),
        p.index.to_string(),
        derive(series.seed, series.deal(p.index), 0).to_string(),
        p.length.to_string(),
        p.truncated.to_string(),
    ];
    if has_external_bot(series) {
        let (seat, reason) = p.forfeit.as_ref().map_or((String::new(), ""), |(s, r)| (s.to_string(), r));
        r.extend([seat, reason.to_string()]);
    }
    let outcome = p.outcome();
    match outcome {
        Some(_) => p.state.game_labels().visit(&mut |_, v| r.push(v.to_string())),
        None => r.extend(std::iter::repeat_n(String::new(), G::GameLabels::NAMES.len())),
    }
    // A forfeited game's seat labels decided by play are empty (the state is unfinished); its
    // rewards are those it is scored with ([`Played::scored`]).
    let unfinished = (p.forfeit.is_some()).then(crate::labels::outcome_slots::<G::SeatLabels>);
    let scored = p.scored(series.forfeit);
    for s in 0..max_players {
        if s < series.players {
            r.push(series.lineup[p.lineup_of_seat[s]].name.clone());
            p.state.seat_labels(s).visit(&mut |slot, v| match &unfinished {
                Some(o) if o[slot] => r.push(String::new()),
                _ => r.push(v.to_string()),
            });
            r.push(scored.map_or(String::new(), |o| o[s].to_string()));
            if G::SCORING.is_some() {
                r.push(outcome.map_or(String::new(), |_| p.state.score(s).to_string()));
            }
        } else {
            let columns = G::SeatLabels::NAMES.len() + 2 + usize::from(G::SCORING.is_some());
            r.extend(std::iter::repeat_n(String::new(), columns));
        }
    }
    if series.metrics {
        match &p.metrics {
            Some(m) => r.extend(m.cells(max_players)),
            None => r.extend(std::iter::repeat_n(String::new(), metric_columns::GAME_COLUMNS.len() + max_players)),
        }
    }
    r
}

/// Whether `series` has an external bot, whose games may be forfeited.
pub fn has_external_bot<G: Game>(series: &Series<G>) -> bool {
    series.lineup.iter().any(BotSpec::is_external)
}

/// The CSV bytes of `games.csv` rows, formatted where the games are played (in the parallel
/// work), to be appended in order by [`GamesCsv::write`].
pub struct Rows {
    out: csv::Writer<Vec<u8>>,
}

impl Default for Rows {
    fn default() -> Self {
        Self { out: csv::Writer::from_writer(Vec::new()) }
    }
}

impl Rows {
    /// Appends the row of game `p` of `series` (see [`row`]).
    pub fn add<G: Game>(&mut self, series: &Series<G>, p: &Played<G>, max_players: usize) {
        self.out.write_record(row(series, p, max_players)).expect("writing to memory cannot fail");
    }

    /// The rows' bytes.
    pub fn into_bytes(self) -> Vec<u8> {
        self.out.into_inner().expect("writing to memory cannot fail")
    }
}

/// Bytes of `games.csv` per checksum block: a changed byte is reported with the range of its
/// block.
pub const CHECKSUM_BLOCK: u64 = 16 << 20;

/// CRC-32 checksums of a file's bytes, one per [`CHECKSUM_BLOCK`] bytes (the last block may be
/// shorter), computed as the bytes are written.
#[derive(Clone, Default)]
pub struct Checksums {
    /// The checksums of the full blocks.
    full: Vec<u32>,
    /// The block being filled, and its length.
    current: crc32fast::Hasher,
    in_current: u64,
}

impl Checksums {
    /// Adds `bytes` (the next bytes of the file).
    pub fn update(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let room = (CHECKSUM_BLOCK - self.in_current) as usize;
            let (now, rest) = bytes.split_at(room.min(bytes.len()));
            self.current.update(now);
            self.in_current += now.len() as u64;
            if self.in_current == CHECKSUM_BLOCK {
                self.full.push(std::mem::take(&mut self.current).finalize());
                self.in_current = 0;
            }
            bytes = rest;
        }
    }

    /// The checksum of every block so far, the last one partial.
    pub fn digest(&self) -> Vec<u32> {
        let mut all = self.full.clone();
        if self.in_current > 0 {
            all.push(self.current.clone().finalize());
        }
        all
    }
}

/// What the writer thread of a [`GamesCsv`] is asked to do.
enum Job {
    /// Append these bytes, in order.
    Write(Vec<Vec<u8>>),
    /// Report the file's length once everything sent before is written.
    Flush,
}

/// A `games.csv` writer that appends on its own thread, so that the rows of one window are
/// written while the next window plays; it can flush and report the file's length, for
/// checkpoints. At most one batch waits for the thread ([`GamesCsv::write`] blocks until the one
/// before has been taken), so memory stays bounded.
pub struct GamesCsv {
    jobs: Option<mpsc::SyncSender<Job>>,
    lengths: mpsc::Receiver<std::io::Result<(u64, Vec<u32>)>>,
    thread: Option<thread::JoinHandle<()>>,
}

impl GamesCsv {
    /// Creates `path` (replacing any file there) and writes the header.
    ///
    /// # Errors
    /// I/O errors.
    pub fn create<G: Game>(path: &Path, max_players: usize, external: bool, metrics: bool) -> std::io::Result<Self> {
        let mut header_row = csv::Writer::from_writer(Vec::new());
        header_row.write_record(header::<G>(max_players, external, metrics))?;
        let header_bytes = header_row.into_inner().map_err(|e| e.into_error())?;
        let mut file = File::create(path)?;
        file.write_all(&header_bytes)?;
        let mut sums = Checksums::default();
        sums.update(&header_bytes);
        Ok(Self::start(file, header_bytes.len() as u64, sums))
    }

    /// Opens `path` to append after its first `len` bytes, dropping anything beyond them, once
    /// those bytes have the checksums `recorded` (per [`CHECKSUM_BLOCK`]; an empty list, from a
    /// checkpoint of an older meeple, checks the length only).
    ///
    /// # Errors
    /// I/O errors, a file shorter than `len`, or a block whose checksum differs (its range).
    pub fn resume(path: &Path, len: u64, recorded: &[u32]) -> Result<Self, ResumeError> {
        let mut f = OpenOptions::new().read(true).write(true).open(path)?;
        let sums = verified(&mut f, len, recorded)?;
        f.set_len(len)?;
        f.seek(SeekFrom::End(0))?;
        Ok(Self::start(f, len, sums))
    }

    /// Starts the writer thread, appending to `file`, which holds `len` bytes with checksums
    /// `sums`.
    fn start(mut file: File, mut len: u64, mut sums: Checksums) -> Self {
        let (jobs, inbox) = mpsc::sync_channel::<Job>(1);
        let (reply, lengths) = mpsc::channel();
        let thread = thread::spawn(move || {
            let mut failed: Option<std::io::Error> = None;
            for job in inbox {
                match job {
                    Job::Write(chunks) if failed.is_none() => {
                        for chunk in &chunks {
                            if let Err(e) = file.write_all(chunk) {
                                failed = Some(e);
                                break;
                            }
                            sums.update(chunk);
                            len += chunk.len() as u64;
                        }
                    }
                    Job::Write(_) => {}
                    Job::Flush => {
                        let answer = match &failed {
                            Some(e) => Err(std::io::Error::new(e.kind(), e.to_string())),
                            None => file.flush().map(|()| (len, sums.digest())),
                        };
                        if reply.send(answer).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Self { jobs: Some(jobs), lengths, thread: Some(thread) }
    }

    /// Appends `chunks` of rows ([`Rows::into_bytes`]), in order, on the writer thread.
    ///
    /// # Errors
    /// The writer thread has stopped (its error is reported by [`GamesCsv::flush`]).
    pub fn write(&mut self, chunks: Vec<Vec<u8>>) -> std::io::Result<()> {
        self.send(Job::Write(chunks))
    }

    /// Waits until every row sent is in the file and returns its length in bytes and the
    /// checksums of its blocks ([`Checksums::digest`]).
    ///
    /// # Errors
    /// The first I/O error of the writer thread.
    pub fn flush(&mut self) -> std::io::Result<(u64, Vec<u32>)> {
        self.send(Job::Flush)?;
        self.lengths.recv().map_err(|_| stopped())?
    }

    fn send(&mut self, job: Job) -> std::io::Result<()> {
        self.jobs.as_ref().expect("sender kept until drop").send(job).map_err(|_| stopped())
    }
}

/// The checksums of the first `len` bytes of `path`, once they match `recorded` (see
/// [`GamesCsv::resume`]).
///
/// # Errors
/// As [`GamesCsv::resume`].
pub fn verify(path: &Path, len: u64, recorded: &[u32]) -> Result<Vec<u32>, ResumeError> {
    Ok(verified(&mut File::open(path)?, len, recorded)?.digest())
}

/// Checks the `games.csv` of a finished run at `path` against the length `len` and block
/// checksums `recorded` its `run.toml` holds: `None` if it is exactly what the run wrote, else
/// what differs, in words (`it holds 120 bytes, not the 4512 the run wrote`, `bytes 0..4512
/// changed since the run wrote them`).
///
/// # Errors
/// The file cannot be read.
pub fn check_finished(path: &Path, len: u64, recorded: &[u32]) -> std::io::Result<Option<String>> {
    let mut f = File::open(path)?;
    let actual = f.metadata()?.len();
    if actual != len {
        return Ok(Some(format!("it holds {actual} bytes, not the {len} the run wrote")));
    }
    match verified(&mut f, len, recorded) {
        Ok(_) => Ok(None),
        Err(e) => finished_problem(e).map(Some),
    }
}

/// What `damage` found in the `games.csv` of a finished run, said of the run (not of a
/// checkpoint), e.g. `bytes 0..4512 changed since the run wrote them`.
///
/// # Errors
/// [`ResumeError::Io`]: the file could not be read.
pub fn finished_problem(damage: ResumeError) -> std::io::Result<String> {
    match damage {
        ResumeError::Io(e) => Err(e),
        ResumeError::Changed { start, end } => Ok(format!("bytes {start}..{end} changed since the run wrote them")),
        ResumeError::Short { len, recorded } => Ok(format!("it holds {len} bytes, not the {recorded} the run wrote")),
    }
}

fn verified(f: &mut File, len: u64, recorded: &[u32]) -> Result<Checksums, ResumeError> {
    let actual = f.metadata()?.len();
    if actual < len {
        return Err(ResumeError::Short { len: actual, recorded: len });
    }
    let sums = checksums(f, len)?;
    if !recorded.is_empty() {
        let digest = sums.digest();
        if let Some(b) = (0..digest.len().max(recorded.len())).find(|&b| digest.get(b) != recorded.get(b)) {
            let start = b as u64 * CHECKSUM_BLOCK;
            return Err(ResumeError::Changed { start, end: (start + CHECKSUM_BLOCK).min(len) });
        }
    }
    Ok(sums)
}

/// The checksums of the first `len` bytes of `file`, read from its start.
fn checksums(file: &mut File, len: u64) -> std::io::Result<Checksums> {
    file.seek(SeekFrom::Start(0))?;
    let mut sums = Checksums::default();
    let mut left = len;
    let mut buf = vec![0u8; 1 << 20];
    while left > 0 {
        let n = (left as usize).min(buf.len());
        file.read_exact(&mut buf[..n])?;
        sums.update(&buf[..n]);
        left -= n as u64;
    }
    Ok(sums)
}

fn stopped() -> std::io::Error {
    std::io::Error::other("the games.csv writer thread stopped")
}

impl Drop for GamesCsv {
    /// Lets the writer thread finish what it was sent, and waits for it.
    fn drop(&mut self) {
        drop(self.jobs.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
