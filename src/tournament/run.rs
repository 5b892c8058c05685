//! Running a plan: play the games in parallel windows of whole deals, checkpoint between
//! windows, stop a series early when its SPRT decides, and write the results.
//!
//! Within a window, rayon folds deals into per-thread [`Tally`] accumulators and reduces them;
//! per-game rows are formatted in the same parallel work, kept in index order, and written by
//! [`GamesCsv`]'s own thread while the next window plays, so memory stays bounded (about two
//! windows of rows) at any game count. All counts are integers, so results do not depend on
//! the thread count, the window sizes, or where a run was interrupted and resumed.
//!
//! Windows are sized by time ([`Pacer`]): each aims at [`WINDOW_TIME`] of play at the speed
//! measured on the previous one (at least one deal per thread, at most [`WINDOW`] games), so a
//! slow bot checkpoints as often as a fast one. With an SPRT the test is checked every
//! [`SPRT_CHECK_DEALS`] deals (and at the game limit), and windows never cross those fixed
//! game-index boundaries, so where a run stops does not depend on the thread count or timing.
//!
//! A checkpoint is saved before the first game, then after a window when [`CHECKPOINT_EVERY`]
//! has passed since the last one: an interrupted run loses at most that work and the window in
//! progress, about a second of games. For tests, the `MEEPLE_CHECKPOINT_WINDOW=N` environment
//! variable sets windows of `N` games (whole deals) with a checkpoint after every one. Neither
//! the windows nor when checkpoints happen changes any result.
//!
//! Progress: a bar on a terminal, advanced after every deal; when stderr is not a terminal
//! (Slurm logs, `nohup`), a plain line every [`PLAIN_PROGRESS_EVERY`] (the
//! `MEEPLE_PROGRESS_SECONDS=N` environment variable sets `N` seconds instead).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use super::checkpoint::Checkpoint;
use super::error::{OutputError, RunError};
use super::games_csv::{self, GamesCsv, ResumeError, Rows};
use super::grow::{Start, carried_rows};
use super::interrupt;
use super::lock::FolderId;
use super::output::{files, remove_if_present, restore_results, write_results};
use super::plan::Plan;
use super::play::{Player, Series};
use super::record::RunRecord;
use super::tally::Tally;
use crate::bots::{Halt, Heuristic};
use crate::stats::{Counts, Verdict};

/// Most games per window: bounds the memory of the rows of one window.
const WINDOW: u64 = 1 << 14;

/// The play time one window aims at.
const WINDOW_TIME: Duration = Duration::from_millis(500);

/// Time between two plain progress lines when stderr is not a terminal.
const PLAIN_PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// Deals between two checks of an SPRT.
pub const SPRT_CHECK_DEALS: u64 = 64;

/// The least time between two checkpoints (except under `MEEPLE_CHECKPOINT_WINDOW`): saving
/// costs a few milliseconds on slow file systems, small against the work between two saves.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// What [`Plan::run`] did.
#[derive(Debug, Clone)]
pub struct Ran {
    /// The run's counts.
    pub counts: Counts,
    /// `None`: games were played (or resumed) and every result file written. `Some(files)`: the
    /// folder already held this run's results; no game was played and only `files` (derived
    /// files that were missing or differed) were written, none if empty.
    pub already_complete: Option<Vec<&'static str>>,
}

/// How to run (none of it changes the results).
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// Worker threads (`None`: all cores).
    pub threads: Option<usize>,
    /// Hide the progress bar and notes.
    pub quiet: bool,
    /// Where bot profiles live (normally `bots/`).
    pub profile_dir: PathBuf,
}

impl<G: Heuristic> Plan<G> {
    /// The caveat of each bot of the lineup with a time budget ([`crate::bots::time_budget_caveat`]).
    fn time_budget_caveats(&self) -> Vec<String> {
        self.bots().iter().filter_map(|b| crate::bots::time_budget_caveat(&b.name, &b.resolved())).collect()
    }

    /// Plays the plan and writes its outputs to `out` (which must have passed
    /// [`super::prepare_output`], whose lock the caller holds).
    ///
    /// If `out` holds a checkpoint of this run, resumes it; if it holds a finished or unfinished
    /// run of this spec with fewer games, grows it ([`super::grow`]); if it holds the finished
    /// results of this spec (`spec.toml` equal, no checkpoint), plays nothing, writes only the
    /// derived files that are missing or differ, and says so ([`Ran::already_complete`]).
    ///
    /// # Errors
    /// A checkpoint or the results of a different run in `out`, naming the fields that differ
    /// (before any game is played: results are never overwritten by another spec), a damaged
    /// `games.csv`, an interrupt ([`RunError::Interrupted`], after saving the checkpoint), or I/O
    /// errors.
    pub fn run(&self, out: &Path, opts: &RunOptions) -> Result<Ran, RunError> {
        let session = Instant::now();
        for caveat in self.time_budget_caveats() {
            eprintln!("warning: {caveat}");
        }
        let (mut at, resumed) = match self.start_in(out)? {
            Start::Fresh(c) => (c, false),
            Start::Resume(c) => (c, true),
            Start::Complete(counts) => {
                let declared: Vec<String> = [
                    <G::SeatLabels as crate::labels::Labels>::FIELDS,
                    <G::GameLabels as crate::labels::Labels>::FIELDS,
                ]
                .into_iter()
                .flat_map(crate::labels::outcome_names)
                .map(str::to_string)
                .collect();
                let mut rewrote = restore_results(out, &self.spec, &counts, &declared)?;
                if !out.join(files::RUN).is_file() {
                    self.record(&counts, "unknown (run.toml was recreated)".into(), 0.0, out, None)?.save(out)?;
                    rewrote.push(files::RUN);
                }
                return Ok(Ran { counts, already_complete: Some(rewrote) });
            }
        };
        // The folder locked by the caller: checked before every write by path.
        let folder = FolderId::of(out).map_err(OutputError::read(out))?;
        let pool = rayon::ThreadPoolBuilder::new().num_threads(opts.threads.unwrap_or(0)).build()?;
        let games_path = out.join(files::GAMES);
        let io = |source| OutputError::Write { path: games_path.clone(), source };
        let mut games_csv = match (self.spec.per_game, resumed) {
            (false, _) => {
                // A games.csv left by an earlier run into this directory would not match this spec.
                remove_if_present(out, files::GAMES)?;
                None
            }
            (true, false) => {
                let external = self.series.iter().any(games_csv::has_external_bot);
                Some(GamesCsv::create::<G>(&games_path, self.max_players(), external, self.spec.metrics).map_err(io)?)
            }
            (true, true) => {
                Some(GamesCsv::resume(&games_path, at.games_csv_bytes, &at.games_csv_crc32).map_err(|e| match e {
                    ResumeError::Io(e) => RunError::from(io(e)),
                    damage => RunError::GamesChanged { path: games_path.clone(), dir: out.to_path_buf(), damage },
                })?)
            }
        };
        let total = self.series.iter().map(|s| self.games(s).end - self.games(s).start).sum();
        let mut progress = Progress::new(total, self.done(&at), opts);
        if resumed {
            note(opts, format!("resuming {}: {} games already played", out.display(), self.done(&at)));
        }
        let test_window = test_window();
        let mut pacer = Pacer::new(pool.current_num_threads() as u64, test_window);
        let mut saved: Option<Instant> = None;
        let wall_before = at.wall_seconds;
        loop {
            let stop = interrupt::requested();
            if stop.is_some() || saved.is_none_or(|t| test_window.is_some() || t.elapsed() >= CHECKPOINT_EVERY) {
                at.wall_seconds = wall_before + session.elapsed().as_secs_f64();
                if let Some(w) = games_csv.as_mut() {
                    (at.games_csv_bytes, at.games_csv_crc32) = w.flush().map_err(io)?;
                }
                folder.check(out).map_err(OutputError::from)?;
                at.save(out)?;
                saved = Some(Instant::now());
            }
            if let Some(signal) = stop {
                progress.bar.finish_and_clear();
                return Err(RunError::Interrupted { signal, done: self.done(&at), total });
            }
            progress.plain();
            let Some(series) = self.series.get(at.series) else { break };
            let games = self.games(series);
            let mut decided = false;
            if at.next < games.end {
                let m = series.games_per_deal();
                let mut end = (at.next + pacer.window(m)).min(games.end);
                let check = self.spec.sprt.is_some().then_some(SPRT_CHECK_DEALS * m);
                if let Some(c) = check {
                    end = end.min(games.start + ((at.next - games.start) / c + 1) * c);
                }
                let deals = series.deal(at.next)..series.deal(end);
                let started = Instant::now();
                // The bar advances in about 64 steps a window (every deal of a slow window).
                let ticks = Ticks { bar: &progress.bar, step: ((end - at.next) / 64).max(1), pending: 0 };
                let tally = match games_csv.as_mut() {
                    None => pool.install(|| fold_window(series, deals, self.versus(series), &ticks)).map(|t| (t, None)),
                    Some(_) => pool
                        .install(|| rows_window(series, deals, self.versus(series), self.max_players(), &ticks))
                        .map(|(t, rows)| (t, Some(rows))),
                };
                if interrupt::requested().is_some() {
                    // The window may be cut short: it is dropped, and the loop saves and stops.
                    continue;
                }
                let (tally, rows) = tally?;
                if let (Some(w), Some(rows)) = (games_csv.as_mut(), rows) {
                    w.write(rows).map_err(io)?;
                }
                drop(ticks);
                pacer.measured(end - at.next, started.elapsed());
                at.counts.merge(&tally.into_counts(series, self.versus(series)));
                at.next = end;
                progress.score(self.score_line(series, &at.counts, at.next - games.start));
                let at_check = check.is_none_or(|c| (end - games.start).is_multiple_of(c)) || end == games.end;
                decided = at_check && self.sprt_verdict(series, &at.counts).is_some_and(|v| v != Verdict::Inconclusive);
            }
            if decided || at.next >= games.end {
                progress.end_series();
                progress.bar.inc(games.end - at.next);
                at.series += 1;
                at.next = self.series.get(at.series).map_or(0, |s| self.games(s).start);
                if let Some(i) = at.carried.iter().position(|c| c.series == at.series) {
                    // Games this series played before the run grew: its rows come back in place.
                    let c = at.carried.remove(i);
                    if let Some(w) = games_csv.as_mut() {
                        w.write(vec![carried_rows(out, &c)?]).map_err(io)?;
                    }
                    at.next = c.next;
                }
            }
        }
        progress.bar.finish_and_clear();
        let written = games_csv.as_mut().map(|w| w.flush()).transpose().map_err(io)?;
        folder.check(out).map_err(OutputError::from)?;
        write_results(out, &self.spec, &at.counts)?;
        let wall = wall_before + session.elapsed().as_secs_f64();
        self.record(&at.counts, at.started.clone(), wall, out, written)?.save(out)?;
        Checkpoint::remove(out)?;
        remove_if_present(out, files::CARRY)?;
        Ok(Ran { counts: at.counts, already_complete: None })
    }

    /// The `run.toml` of this run with `counts`, started at `started` and lasting `wall`
    /// seconds, with the length and checksums of its `games.csv` (with `per_game`): `written`
    /// (as the writer made it), else read from the file in `out`.
    fn record(
        &self,
        counts: &Counts,
        started: String,
        wall: f64,
        out: &Path,
        written: Option<(u64, Vec<u32>)>,
    ) -> Result<RunRecord, RunError> {
        let config = crate::options::text(&self.series[0].config);
        let spec = &self.spec;
        let mut warnings = crate::stats::strength_caveats(counts, &spec.bots, Some(spec.seat_mode()), spec.forfeit);
        warnings.extend(self.time_budget_caveats());
        let mut record = RunRecord { warnings, ..RunRecord::new(config, &self.bots(), started, wall) };
        record.seal_counts(out)?;
        if let Some((len, sums)) = written {
            (record.games_csv_bytes, record.games_csv_crc32) = (Some(len), sums);
        } else if spec.per_game {
            let path = out.join(files::GAMES);
            let len = std::fs::metadata(&path).map_err(OutputError::read(&path))?.len();
            record.games_csv_crc32 = games_csv::verify(&path, len, &[]).map_err(|e| match e {
                ResumeError::Io(source) => OutputError::Read { path: path.clone(), source },
                e => OutputError::parse(&path, e),
            })?;
            record.games_csv_bytes = Some(len);
        }
        Ok(record)
    }

    /// The score line of bot A against bot B in `series` after `played` games, cutechess style:
    /// `Score of A vs B: W - L - D [score] N`, where wins, losses and draws are A's pairwise
    /// results (one per game at two players; with more seats, one per game and B seat), the
    /// score is `(W + D/2) / (W + L + D)` and `N` the games they come from, `(W + L + D) / (n −
    /// 1)`; games left out of the counts (truncated, or forfeited under `--forfeit exclude`)
    /// follow as `(K left out)`; with no game scored, the score is `-` (`0 - 0 - 0 [-] 0 (K left
    /// out)`); at three or more seats the line ends `(pairwise: one result per game and B seat)`,
    /// so that its score is not read as A's win share. `None` unless the series counts A against B.
    fn score_line(&self, series: &Series<G>, counts: &Counts, played: u64) -> Option<String> {
        if !self.versus(series) {
            return None;
        }
        let (a, b) = (&series.lineup[0].name, &series.lineup[1].name);
        let (first, second) = if a < b { (a, b) } else { (b, a) };
        let key = crate::stats::PairKey { players: series.players, bot: first.clone(), opponent: second.clone() };
        // No pair yet when every game so far was left out: `0 - 0 - 0 [-] 0 (K left out)`.
        let wdl =
            counts.pairs.get(&key).copied().map_or_else(Default::default, |w| if a < b { w } else { w.flipped() });
        let score = wdl.score().map_or("-".into(), |s| format!("{s:.3}"));
        let games = wdl.games() / (series.players as u64 - 1).max(1);
        let left_out = match played.saturating_sub(games) {
            0 => String::new(),
            k => format!(" ({k} left out)"),
        };
        // At three or more seats the results are pairs of seats, not A's win share (versus line).
        let pairwise = if series.players > 2 { " (pairwise: one result per game and B seat)" } else { "" };
        Some(format!(
            "Score of {a} vs {b}: {} - {} - {} [{score}] {games}{left_out}{pairwise}",
            wdl.wins, wdl.losses, wdl.draws
        ))
    }

    /// The SPRT's verdict on `series` from `counts`, for plans with an SPRT.
    fn sprt_verdict(&self, series: &Series<G>, counts: &Counts) -> Option<Verdict> {
        let (sprt, v) = (self.spec.sprt.as_ref()?, counts.versus.get(&series.players)?);
        Some(sprt.verdict(sprt.llr(&v.samples(), v.games_per_deal)))
    }

    /// Games accounted for at checkpoint `at` (finished series in full).
    fn done(&self, at: &Checkpoint) -> u64 {
        let len = |s: &Series<G>| self.games(s).end - self.games(s).start;
        let finished: u64 = self.series[..at.series].iter().map(len).sum();
        let carried: u64 = at.carried.iter().map(|c| c.next - self.games(&self.series[c.series]).start).sum();
        finished + carried + self.series.get(at.series).map_or(0, |s| at.next - self.games(s).start)
    }
}

/// The window set by `MEEPLE_CHECKPOINT_WINDOW`, if any.
fn test_window() -> Option<u64> {
    std::env::var("MEEPLE_CHECKPOINT_WINDOW").ok()?.parse().ok().filter(|&w| w > 0)
}

fn note(opts: &RunOptions, text: String) {
    if !opts.quiet {
        eprintln!("{text}");
    }
}

/// Progress of one piece of a window's work: games are added to the bar in steps of `step` (and
/// the rest when the piece is done), as `ProgressBar::inc` reads the clock and updates a rate
/// estimate, about 500 instructions, as much as a quarter of a BANG! game's statistics.
struct Ticks<'a> {
    bar: &'a ProgressBar,
    step: u64,
    pending: u64,
}

impl Ticks<'_> {
    /// A piece of work's own counter, with the same bar and step.
    fn piece(&self) -> Self {
        Ticks { bar: self.bar, step: self.step, pending: 0 }
    }

    /// Counts `games` more games played.
    fn add(&mut self, games: u64) {
        self.pending += games;
        if self.pending >= self.step {
            self.bar.inc(std::mem::take(&mut self.pending));
        }
    }
}

impl Drop for Ticks<'_> {
    fn drop(&mut self) {
        if self.pending > 0 {
            self.bar.inc(self.pending);
        }
    }
}

fn fold_window<G: Heuristic>(
    series: &Series<G>,
    deals: std::ops::Range<u64>,
    versus: bool,
    bar: &Ticks<'_>,
) -> Result<Tally, Halt> {
    deals
        .into_par_iter()
        .fold(
            // The tally is boxed: it is moved in and out of every step of the fold.
            || (Player::new(series), Box::new(Tally::new(series)), bar.piece()),
            |(mut player, mut tally, mut ticks), d| {
                // Once an agent cannot play on (its error waits in the player's slot), the rest
                // of this piece is skipped: the window is dropped anyway. A plain `fold` with this
                // test keeps the loop as it was (a `try_fold` cost 865 instructions a BANG! game
                // in moves, by callgrind). So is the rest after a signal ([`interrupt`]).
                if !player.halted() && interrupt::requested().is_none() {
                    tally.add_deal(versus, series.games_of(d).map(|i| player.play_game(series, i)));
                    ticks.add(series.games_per_deal());
                }
                (player, tally, ticks)
            },
        )
        .map(|(mut player, t, _)| player.take_halt().map_or(Ok(*t), Err))
        .reduce(|| Ok(Tally::new(series)), |a, b| Ok(a?.merge(b?)))
}

/// Plays a window like [`fold_window`] and formats its `games.csv` rows where the games are
/// played: returns the tally and the rows' bytes in game order, in chunks (one per piece of work;
/// rayon's `reduce` keeps the pieces in order).
fn rows_window<G: Heuristic>(
    series: &Series<G>,
    deals: std::ops::Range<u64>,
    versus: bool,
    max_players: usize,
    bar: &Ticks<'_>,
) -> Result<(Tally, Vec<Vec<u8>>), Halt> {
    deals
        .into_par_iter()
        .fold(
            || (Player::new(series), Box::new(Tally::new(series)), Rows::default(), bar.piece()),
            |(mut player, mut tally, mut rows, mut ticks), d| {
                if !player.halted() && interrupt::requested().is_none() {
                    let games = series.games_of(d).map(|i| player.play_game(series, i));
                    tally.add_deal(versus, games.inspect(|p| rows.add(series, p, max_players)));
                    ticks.add(series.games_per_deal());
                }
                (player, tally, rows, ticks)
            },
        )
        .map(|(mut player, tally, rows, _)| player.take_halt().map_or(Ok((*tally, vec![rows.into_bytes()])), Err))
        .reduce(
            || Ok((Tally::new(series), Vec::new())),
            |a, b| {
                let ((a, mut rows), (b, more)) = (a?, b?);
                rows.extend(more);
                Ok((a.merge(b), rows))
            },
        )
}

/// Sizes windows by time: each aims at [`WINDOW_TIME`] at the speed of the last one.
struct Pacer {
    /// Least deals per window (one per thread, to keep every core busy).
    min_deals: u64,
    /// Games per second measured on the last window (`None` before the first).
    rate: Option<f64>,
    /// Games of the last window (the next is at most four times as many).
    last: u64,
    /// A fixed window (`MEEPLE_CHECKPOINT_WINDOW`).
    fixed: Option<u64>,
}

impl Pacer {
    fn new(threads: u64, fixed: Option<u64>) -> Self {
        Self { min_deals: threads.max(1), rate: None, last: 0, fixed }
    }

    /// Games in the next window for deals of `m` games: whole deals, at least `min_deals`.
    fn window(&self, m: u64) -> u64 {
        let games = match (self.fixed, self.rate) {
            (Some(w), _) => return (w / m).max(1) * m,
            (None, None) => 0,
            (None, Some(r)) => ((r * WINDOW_TIME.as_secs_f64()) as u64).min(self.last.saturating_mul(4)).min(WINDOW),
        };
        (games / m).max(self.min_deals) * m
    }

    /// Records that the last window played `games` games in `took`.
    fn measured(&mut self, games: u64, took: Duration) {
        self.last = games;
        self.rate = Some(games as f64 / took.as_secs_f64().max(1e-6));
    }
}

/// What a run shows of its progress: a bar on a terminal, plain lines otherwise, with the
/// score line of an A-against-B series.
struct Progress {
    bar: ProgressBar,
    /// Plain lines, when stderr is not a terminal.
    plain: Option<Plain>,
    /// The score line of the series being played, cutechess style.
    score: Option<String>,
    /// No output at all.
    quiet: bool,
}

/// When plain progress lines are printed, and the speed they show.
struct Plain {
    /// Time between two lines.
    every: Duration,
    /// When the last line was printed.
    last: Instant,
    /// When this process started playing, and the games already played then (a resumed run).
    start: (Instant, u64),
}

impl Progress {
    /// Progress over `total` games of which `done` are already played.
    fn new(total: u64, done: u64, opts: &RunOptions) -> Self {
        let terminal = std::io::stderr().is_terminal();
        let target = if opts.quiet || !terminal { ProgressDrawTarget::hidden() } else { ProgressDrawTarget::stderr() };
        let bar = ProgressBar::with_draw_target(Some(total), target);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {human_pos}/{human_len} games  {per_sec}  ETA {eta}  (if stopped, rerun to resume)\n{msg}",
            )
            .expect("valid progress template"),
        );
        bar.inc(done);
        let every = std::env::var("MEEPLE_PROGRESS_SECONDS")
            .ok()
            .and_then(|s| s.parse().ok())
            .map_or(PLAIN_PROGRESS_EVERY, Duration::from_secs);
        let now = Instant::now();
        let plain = (!opts.quiet && !terminal).then_some(Plain { every, last: now, start: (now, done) });
        Self { bar, plain, score: None, quiet: opts.quiet }
    }

    /// Shows the score line of the series being played (under the bar, and in plain lines).
    fn score(&mut self, line: Option<String>) {
        self.bar.set_message(line.clone().unwrap_or_default());
        self.score = line;
    }

    /// Prints the final score line of a finished series (unless quiet) and clears it.
    fn end_series(&mut self) {
        if let Some(line) = self.score.take().filter(|_| !self.quiet) {
            self.bar.suspend(|| eprintln!("{line}"));
        }
        self.bar.set_message("");
    }

    /// Prints a plain progress line if one is due: games done of the total, the speed of this
    /// process and the time left at that speed.
    fn plain(&mut self) {
        let Some(p) = self.plain.as_mut() else { return };
        if p.last.elapsed() < p.every {
            return;
        }
        p.last = Instant::now();
        let (done, total) = (self.bar.position(), self.bar.length().unwrap_or(0));
        let rate = done.saturating_sub(p.start.1) as f64 / p.start.0.elapsed().as_secs_f64().max(1e-9);
        let eta = if rate > 0.0 { format!("{:.0}s", total.saturating_sub(done) as f64 / rate) } else { "?".into() };
        let score = self.score.as_ref().map_or(String::new(), |s| format!("; {s}"));
        eprintln!(
            "progress: {done}/{total} games ({:.1}%), {rate:.1} games/s, ETA {eta} (if stopped, rerun to resume){score}",
            100.0 * done as f64 / total.max(1) as f64
        );
    }
}
