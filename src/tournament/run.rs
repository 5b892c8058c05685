//! Running a spec: validate everything, check the output directory, play the games in parallel
//! windows, write `spec.toml`, `counts.json`, `summary.csv` and (optionally) `games.csv`.
//!
//! Games are played in windows of consecutive indices. Within a window, rayon folds games into
//! per-thread [`Tally`] accumulators and reduces them; per-game rows are collected in index order
//! and written before the next window starts, so memory stays bounded at any game count. All
//! counts are integers, so results do not depend on the thread count or the split.

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use super::games_csv::{self, GamesCsv};
use super::play::{Player, Series};
use super::spec::Spec;
use super::tally::Tally;
use crate::bots::{Heuristic, parse_lineup};
use crate::game::Game;
use crate::stats::{Counts, rating_rows, summary_rows, write_ratings, write_summary};

/// Games per window: large enough to keep every core busy, small enough to bound memory.
const WINDOW: u64 = 1 << 14;

/// How to run (none of it changes the results).
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// Worker threads (`None`: all cores).
    pub threads: Option<usize>,
    /// Hide the progress bar.
    pub quiet: bool,
    /// Where bot profiles live (normally `bots/`).
    pub profile_dir: PathBuf,
}

/// Names of the files a run writes in its output directory.
pub mod files {
    /// The spec that produced the run (without the output directory).
    pub const SPEC: &str = "spec.toml";
    /// Raw mergeable counts.
    pub const COUNTS: &str = "counts.json";
    /// One row per group.
    pub const SUMMARY: &str = "summary.csv";
    /// One row per game (with `per_game`).
    pub const GAMES: &str = "games.csv";
    /// Bot ratings (runs with at least two distinct bots).
    pub const RATINGS: &str = "ratings.csv";
}

/// A validated spec for game `G`, ready to run.
pub struct Plan<G: Game> {
    /// The spec as given.
    pub spec: Spec,
    /// One series per player count.
    pub series: Vec<Series<G>>,
}

impl<G: Game> Plan<G> {
    /// Validates `spec` for `G`: options, player counts and bots.
    ///
    /// # Errors
    /// A message naming the bad field and what would be valid.
    pub fn new(spec: &Spec, profile_dir: &Path) -> Result<Self, String> {
        let config = crate::games::config::<G>(&spec.options)?;
        let range = G::players(&config);
        let counts = match &spec.players {
            Some(p) => p.to_vec(),
            None if range.start() == range.end() => vec![*range.start()],
            None if spec.bots.len() > 1 => vec![spec.bots.len()],
            None => {
                return Err(format!(
                    "give the player count (--players); {} plays {}-{}",
                    G::NAME,
                    range.start(),
                    range.end()
                ));
            }
        };
        if counts.is_empty() {
            return Err("players: give at least one player count".into());
        }
        if let Some(p) = counts.iter().enumerate().find_map(|(i, p)| counts[..i].contains(p).then_some(p)) {
            return Err(format!("players: {p} is listed twice (each count is played once)"));
        }
        if spec.games == 0 {
            return Err("games: must be at least 1".into());
        }
        let mut series = Vec::new();
        for players in counts {
            if !range.contains(&players) {
                return Err(format!(
                    "players: {} plays {}-{} players, not {players}",
                    G::NAME,
                    range.start(),
                    range.end()
                ));
            }
            series.push(Series {
                config: config.clone(),
                players,
                lineup: parse_lineup(&spec.bots, players, profile_dir)?,
                seats: spec.seats,
                seed: spec.seed,
                max_actions: spec.max_actions,
            });
        }
        Ok(Self { spec: spec.clone(), series })
    }

    /// The largest player count of the plan.
    pub fn max_players(&self) -> usize {
        self.series.iter().map(|s| s.players).max().unwrap_or(0)
    }

    /// Game indices this run plays per series (all, or its shard's slice).
    pub fn indices(&self) -> std::ops::Range<u64> {
        self.spec.shard.map_or(0..self.spec.games, |s| s.range(self.spec.games))
    }
}

impl<G: Heuristic> Plan<G> {
    /// Plays the plan and writes its outputs to `out` (which must have passed [`prepare_output`]).
    ///
    /// # Errors
    /// I/O errors writing the outputs.
    pub fn run(&self, out: &Path, opts: &RunOptions) -> Result<Counts, String> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(opts.threads.unwrap_or(0))
            .build()
            .map_err(|e| format!("cannot start worker threads: {e}"))?;
        let range = self.indices();
        let total = (range.end - range.start) * self.series.len() as u64;
        let progress = progress_bar(total, opts.quiet);
        let io = |e: &dyn std::fmt::Display, f: &str| format!("writing {}: {e}", out.join(f).display());
        let mut games_csv = match self.spec.per_game {
            true => {
                let f = File::create(out.join(files::GAMES)).map_err(|e| io(&e, files::GAMES))?;
                Some(GamesCsv::new::<G>(BufWriter::new(f), self.max_players()).map_err(|e| io(&e, files::GAMES))?)
            }
            false => {
                // A games.csv left by an earlier run into this directory would not match this spec.
                match std::fs::remove_file(out.join(files::GAMES)) {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io(&e, files::GAMES)),
                    _ => None,
                }
            }
        };
        let mut counts = Counts::default();
        for series in &self.series {
            let mut tally = Tally::default();
            let mut start = range.start;
            while start < range.end {
                let end = (start + WINDOW).min(range.end);
                let window = match games_csv.as_mut() {
                    None => pool.install(|| fold_window(series, start..end)),
                    Some(w) => {
                        let (t, rows) = pool.install(|| rows_window(series, start..end, self.max_players()));
                        w.write(&rows).map_err(|e| io(&e, files::GAMES))?;
                        t
                    }
                };
                tally = tally.merge(window);
                progress.inc(end - start);
                start = end;
            }
            let names: Vec<String> = series.lineup.iter().map(|b| b.name.clone()).collect();
            counts.merge(&tally.into_counts::<G>(series.players, &names));
        }
        progress.finish_and_clear();
        if let Some(w) = games_csv {
            w.finish().map_err(|e| io(&e, files::GAMES))?;
        }
        write_results(out, &self.spec, &counts)?;
        Ok(counts)
    }
}

fn fold_window<G: Heuristic>(series: &Series<G>, range: std::ops::Range<u64>) -> Tally {
    range
        .into_par_iter()
        .fold(
            || (Player::new(series), Tally::default()),
            |(mut player, mut tally), i| {
                tally.add(&player.play(series, i));
                (player, tally)
            },
        )
        .map(|(_, t)| t)
        .reduce(Tally::default, Tally::merge)
}

fn rows_window<G: Heuristic>(
    series: &Series<G>,
    range: std::ops::Range<u64>,
    max_players: usize,
) -> (Tally, Vec<Vec<String>>) {
    let played: Vec<_> = range.into_par_iter().map_init(|| Player::new(series), |p, i| p.play(series, i)).collect();
    let mut tally = Tally::default();
    let rows = played
        .iter()
        .map(|p| {
            tally.add(p);
            games_csv::row(series, p, max_players)
        })
        .collect();
    (tally, rows)
}

fn progress_bar(total: u64, quiet: bool) -> ProgressBar {
    let target = if quiet { ProgressDrawTarget::hidden() } else { ProgressDrawTarget::stderr() };
    let bar = ProgressBar::with_draw_target(Some(total), target);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {human_pos}/{human_len} games  {per_sec}  ETA {eta}")
            .expect("valid progress template"),
    );
    bar
}

/// Creates `out` if needed and checks that files can be written there, before any game is played.
///
/// # Errors
/// `out` exists and is not a directory, or cannot be created or written.
pub fn prepare_output(out: &Path) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("output directory {} is not writable: {e}", out.display());
    std::fs::create_dir_all(out).map_err(fail)?;
    let probe = out.join(".meeple-write-check");
    File::create(&probe).map_err(fail)?;
    std::fs::remove_file(&probe).map_err(fail)
}

/// Writes `spec.toml`, `counts.json`, `summary.csv` and, for runs with two distinct bots or more,
/// `ratings.csv` into `out` (removing a `ratings.csv` an earlier run left there otherwise).
///
/// # Errors
/// I/O errors, naming the file.
pub fn write_results(out: &Path, spec: &Spec, counts: &Counts) -> Result<(), String> {
    let path = |f: &str| out.join(f);
    let err = |f: &str, e: &dyn std::fmt::Display| format!("writing {}: {e}", path(f).display());
    std::fs::write(path(files::SPEC), spec.to_toml()).map_err(|e| err(files::SPEC, &e))?;
    let json = serde_json::to_string(counts).expect("counts serialize") + "\n";
    std::fs::write(path(files::COUNTS), json).map_err(|e| err(files::COUNTS, &e))?;
    let f = File::create(path(files::SUMMARY)).map_err(|e| err(files::SUMMARY, &e))?;
    write_summary(&summary_rows(counts), BufWriter::new(f)).map_err(|e| err(files::SUMMARY, &e))?;
    let ratings = rating_rows(counts, &spec.bots);
    if ratings.is_empty() {
        return match std::fs::remove_file(path(files::RATINGS)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(err(files::RATINGS, &e)),
            _ => Ok(()),
        };
    }
    let f = File::create(path(files::RATINGS)).map_err(|e| err(files::RATINGS, &e))?;
    write_ratings(&ratings, BufWriter::new(f)).map_err(|e| err(files::RATINGS, &e))
}
