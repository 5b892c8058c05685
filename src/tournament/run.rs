//! Running a plan: play the games in parallel windows of whole deals, checkpoint after every
//! window, stop a series early when its SPRT decides, and write the results.
//!
//! Within a window, rayon folds deals into per-thread [`Tally`] accumulators and reduces them;
//! per-game rows are collected in index order and written before the next window starts, so
//! memory stays bounded at any game count. All counts are integers, so results do not depend on
//! the thread count, the split, or where a run was interrupted and resumed.
//!
//! Windows hold [`WINDOW`] games (rounded down to whole deals). With an SPRT, a window is
//! [`SPRT_CHECK_DEALS`] deals and the test is checked after each one (and at the game limit):
//! fixed game-index boundaries, so where a run stops does not depend on the thread count.
//!
//! A checkpoint is saved before the first game, then after a window when [`CHECKPOINT_EVERY`]
//! has passed since the last one: saving costs a few milliseconds on slow file systems, which
//! must stay small against the work between two saves. An interrupted run loses at most that
//! work and the window in progress. For tests, the `MEEPLE_CHECKPOINT_WINDOW=N` environment
//! variable sets windows of `N` games (whole deals; not with an SPRT) with a checkpoint after
//! every one. Neither the window nor when checkpoints happen changes any result.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use super::checkpoint::{Checkpoint, mismatch};
use super::games_csv::{self, GamesCsv};
use super::output::{files, remove_if_present, write_results};
use super::plan::Plan;
use super::play::{Player, Series};
use super::spec::Spec;
use super::tally::Tally;
use crate::bots::Heuristic;
use crate::stats::{Counts, Verdict};

/// Games per window: large enough to keep every core busy, small enough to bound memory and
/// to make a checkpoint (a few kilobytes of JSON) cheap against the games between two of them.
const WINDOW: u64 = 1 << 14;

/// Deals between two checks of an SPRT.
pub const SPRT_CHECK_DEALS: u64 = 64;

/// The least time between two checkpoints (except under `MEEPLE_CHECKPOINT_WINDOW`).
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

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
    /// Plays the plan and writes its outputs to `out` (which must have passed
    /// [`super::prepare_output`]).
    ///
    /// If `out` holds a checkpoint of this run, resumes it; if it holds the finished results of
    /// this spec (`spec.toml` equal, no checkpoint), plays nothing, rewrites the files derived
    /// from `counts.json` and returns its counts.
    ///
    /// # Errors
    /// A checkpoint or the results of a different run in `out` (before any game is played: results
    /// are never overwritten by another spec), or I/O errors.
    pub fn run(&self, out: &Path, opts: &RunOptions) -> Result<Counts, String> {
        let start = Checkpoint::start(self);
        let mut at = match Checkpoint::load(out)? {
            Some(c) if c.same_run(&start) => c,
            Some(_) => return Err(mismatch(out)),
            None if holds_other_run(out, &self.spec) => return Err(occupied(out)),
            None => match finished(out, &self.spec) {
                Some(counts) => {
                    note(opts, format!("{} already holds this run's results; delete it to run again", out.display()));
                    write_results(out, &self.spec, &counts)?;
                    return Ok(counts);
                }
                None => start.clone(),
            },
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(opts.threads.unwrap_or(0))
            .build()
            .map_err(|e| format!("cannot start worker threads: {e}"))?;
        let io = |e: &dyn std::fmt::Display| format!("writing {}: {e}", out.join(files::GAMES).display());
        let games_path = out.join(files::GAMES);
        let resumed = at != start;
        let mut games_csv = match (self.spec.per_game, resumed) {
            (false, _) => {
                // A games.csv left by an earlier run into this directory would not match this spec.
                remove_if_present(out, files::GAMES)?;
                None
            }
            (true, false) => Some(GamesCsv::create::<G>(&games_path, self.max_players()).map_err(|e| io(&e))?),
            (true, true) => Some(GamesCsv::resume(&games_path, at.games_csv_bytes).map_err(|e| io(&e))?),
        };
        let progress = progress_bar(self.series.iter().map(|s| self.games(s).end - self.games(s).start).sum(), opts);
        progress.inc(self.done(&at));
        if resumed {
            note(opts, format!("resuming {}: {} games already played", out.display(), self.done(&at)));
        }
        let test_window = test_window();
        let mut saved: Option<Instant> = None;
        loop {
            if saved.is_none_or(|t| test_window.is_some() || t.elapsed() >= CHECKPOINT_EVERY) {
                if let Some(w) = games_csv.as_mut() {
                    at.games_csv_bytes = w.flush().map_err(|e| io(&e))?;
                }
                at.save(out)?;
                saved = Some(Instant::now());
            }
            let Some(series) = self.series.get(at.series) else { break };
            let games = self.games(series);
            let mut decided = false;
            if at.next < games.end {
                let end = (at.next + self.window(series, test_window)).min(games.end);
                let deals = series.deal(at.next)..series.deal(end);
                let tally = match games_csv.as_mut() {
                    None => pool.install(|| fold_window(series, deals, self.versus(series))),
                    Some(w) => {
                        let (t, rows) =
                            pool.install(|| rows_window(series, deals, self.versus(series), self.max_players()));
                        w.write(&rows).map_err(|e| io(&e))?;
                        t
                    }
                };
                at.counts.merge(&tally.into_counts(series, self.versus(series)));
                progress.inc(end - at.next);
                at.next = end;
                decided = self.sprt_verdict(series, &at.counts).is_some_and(|v| v != Verdict::Inconclusive);
            }
            if decided || at.next >= games.end {
                progress.inc(games.end - at.next);
                at.series += 1;
                at.next = self.series.get(at.series).map_or(0, |s| self.games(s).start);
            }
        }
        progress.finish_and_clear();
        if let Some(w) = games_csv.as_mut() {
            w.flush().map_err(|e| io(&e))?;
        }
        write_results(out, &self.spec, &at.counts)?;
        Checkpoint::remove(out)?;
        Ok(at.counts)
    }

    /// Games per window of `series`: whole deals; with an SPRT, the deals between two checks.
    fn window(&self, series: &Series<G>, test_window: Option<u64>) -> u64 {
        let m = series.games_per_deal();
        if self.spec.sprt.is_some() {
            return SPRT_CHECK_DEALS * m;
        }
        (test_window.unwrap_or(WINDOW) / m).max(1) * m
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
        finished + self.series.get(at.series).map_or(0, |s| at.next - self.games(s).start)
    }
}

/// The counts of a finished run of `spec` in `out`: no checkpoint, its `spec.toml` equals `spec`,
/// its `counts.json` reads and its `games.csv` exists if `spec` asks for one. (The files derived
/// from the counts are then written again, in case one was removed.)
fn finished(out: &Path, spec: &Spec) -> Option<Counts> {
    let same = std::fs::read_to_string(out.join(files::SPEC)).ok()? == spec.to_toml();
    let complete = same && (!spec.per_game || out.join(files::GAMES).is_file());
    let counts = std::fs::read_to_string(out.join(files::COUNTS)).ok().filter(|_| complete)?;
    serde_json::from_str(&counts).ok()
}

/// Whether `out` holds the `spec.toml` of another spec (a finished or abandoned run).
fn holds_other_run(out: &Path, spec: &Spec) -> bool {
    std::fs::read_to_string(out.join(files::SPEC)).is_ok_and(|text| text != spec.to_toml())
}

fn occupied(out: &Path) -> String {
    let d = out.display();
    format!("{d} holds the results of a different spec ({d}/{}): choose another --out, or delete {d}", files::SPEC)
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

fn fold_window<G: Heuristic>(series: &Series<G>, deals: std::ops::Range<u64>, versus: bool) -> Tally {
    deals
        .into_par_iter()
        .fold(
            || (Player::new(series), Tally::new(series)),
            |(mut player, mut tally), d| {
                tally.add_deal(versus, series.games_of(d).map(|i| player.play(series, i)));
                (player, tally)
            },
        )
        .map(|(_, t)| t)
        .reduce(|| Tally::new(series), Tally::merge)
}

fn rows_window<G: Heuristic>(
    series: &Series<G>,
    deals: std::ops::Range<u64>,
    versus: bool,
    max_players: usize,
) -> (Tally, Vec<Vec<String>>) {
    let played: Vec<Vec<_>> = deals
        .into_par_iter()
        .map_init(|| Player::new(series), |p, d| series.games_of(d).map(|i| p.play(series, i)).collect())
        .collect();
    let mut tally = Tally::new(series);
    let mut rows = Vec::new();
    for deal in &played {
        tally.add_deal(versus, deal);
        rows.extend(deal.iter().map(|p| games_csv::row(series, p, max_players)));
    }
    (tally, rows)
}

fn progress_bar(total: u64, opts: &RunOptions) -> ProgressBar {
    let target = if opts.quiet { ProgressDrawTarget::hidden() } else { ProgressDrawTarget::stderr() };
    let bar = ProgressBar::with_draw_target(Some(total), target);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {human_pos}/{human_len} games  {per_sec}  ETA {eta}  (if stopped, rerun to resume)",
        )
        .expect("valid progress template"),
    );
    bar
}
