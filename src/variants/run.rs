//! Playing a sweep: every variant into its folder, racing them in rounds, or one variant's shard
//! (a Slurm array task) and the merge of every variant's shards; then `sweep.csv` and `sweep.svg`.

use std::path::Path;

use super::VariantError;
use super::plot::{GapRow, gap_plot};
use super::race::{Interval, RACE_JSON, RaceRecord, RoundRecord, objective, race_z, schedule, survivors};
use super::sweep::{SWEEP_SVG, Sweep, SweepRow, player_counts, row_fields, shard_dir, sweep_rows, write_sweep};
use crate::registry::{GameEntry, GameError, find};
use crate::tournament::{RunOptions, SeatMode, Shard, Spec, merge, remove_if_present};

/// What a sweep did.
#[derive(Debug, Clone, PartialEq)]
pub struct Swept {
    /// The rows of `sweep.csv`.
    pub rows: Vec<SweepRow>,
    /// Under `--race`: games played in all (summed over variants and player counts), and what
    /// playing every variant in full would have played.
    pub race: Option<(u64, u64)>,
}

/// Why a sweep stopped.
#[derive(Debug, thiserror::Error)]
pub enum SweepError {
    /// A variant refused before anything ran.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// A variant's run failed (or was interrupted: run the same command to resume).
    #[error("variant {number} ({dir}): {source}")]
    Run {
        /// The variant's number.
        number: usize,
        /// Its folder.
        dir: String,
        /// What failed.
        source: GameError,
    },
    /// The merge of a variant's shards failed.
    #[error("variant {dir}: {source}")]
    Merge {
        /// Its folder.
        dir: String,
        /// What failed.
        source: crate::tournament::MergeError,
    },
    /// `sweep.csv`, `sweep.svg` or a run folder's files.
    #[error("{0}")]
    Output(String),
}

/// Plays every variant of `sweep` into `out/DIR` (resuming or growing what is there), then writes
/// `sweep.csv` and `sweep.svg`. With `race = Some(R)`, plays in `R` rounds and stops playing the
/// variants that cannot be the best ([`super::race`]). `progress` receives a line before each run.
///
/// # Errors
/// A variant refused ([`Sweep::check`]), a run that failed, or the outputs.
pub fn run_sweep(
    sweep: &Sweep,
    out: &Path,
    opts: &RunOptions,
    race: Option<usize>,
    mut progress: impl FnMut(&str),
) -> Result<Swept, SweepError> {
    sweep.check(&opts.profile_dir)?;
    let game = find(&sweep.base.game).map_err(|source| VariantError::Game { which: "sweep".into(), source })?;
    let variants = sweep.variants();
    let width = sweep.width();
    let run = |i: usize, games: u64, progress: &mut dyn FnMut(&str)| -> Result<(), SweepError> {
        let v = &variants[i];
        let dir = v.dir(width);
        progress(&format!("== variant {}/{} ({}), {games} games: {}", v.number, variants.len(), v.describe(), dir));
        let spec = Spec { games, ..sweep.spec(v) };
        (game.run)(&spec, &out.join(&dir), opts).map(|_| ()).map_err(|source| SweepError::Run {
            number: v.number,
            dir,
            source,
        })
    };
    let mut eliminated = vec![None; variants.len()];
    let mut totals = None;
    match race {
        None => {
            // The folders grow past any race played into `out` before: its record no longer holds.
            remove_if_present(out, RACE_JSON).map_err(|e| SweepError::Output(e.to_string()))?;
            for i in 0..variants.len() {
                run(i, sweep.base.games, &mut progress)?;
            }
        }
        Some(rounds) => {
            let counts: Vec<Vec<usize>> = variants.iter().map(|v| player_counts(&sweep.spec(v), game)).collect();
            let most = counts.iter().map(Vec::len).max().unwrap_or(1);
            let z = race_z(variants.len(), rounds, most);
            let mut alive = vec![true; variants.len()];
            let mut played = vec![0u64; variants.len()];
            let mut record = race_record(sweep, out, rounds)?;
            let per_round = record.schedule.clone();
            for (round, games) in per_round.iter().enumerate() {
                let intervals: Vec<Interval> = match record.rounds.get(round) {
                    // A round this race finished before: its decisions as recorded, nothing played.
                    Some(done) => {
                        progress(&format!("race: round {} replayed from {RACE_JSON}", round + 1));
                        let zero = Interval { estimate: 0.0, low: 0.0, high: 0.0 };
                        done.intervals.iter().map(|i| i.as_deref().and_then(Interval::parse).unwrap_or(zero)).collect()
                    }
                    None => {
                        let mut intervals = vec![Interval { estimate: 0.0, low: 0.0, high: 0.0 }; variants.len()];
                        for i in (0..variants.len()).filter(|&i| alive[i]) {
                            run(i, games[i], &mut progress)?;
                            let dir = out.join(&record.variants[i]);
                            let gaps = counts[i]
                                .iter()
                                .filter(|&&n| sweep.objective.applies(n))
                                .map(|&n| row_fields(&dir, n, &sweep.objective).map(|r| r.gap))
                                .collect::<Result<Vec<_>, _>>()
                                .map_err(SweepError::Output)?;
                            intervals[i] = objective(&gaps, z);
                        }
                        let next = survivors(&alive, &intervals);
                        record.rounds.push(RoundRecord {
                            intervals: (0..variants.len()).map(|i| alive[i].then(|| intervals[i].text())).collect(),
                            stopped: (0..variants.len()).filter(|&i| alive[i] && !next[i]).collect(),
                        });
                        record.save(out).map_err(|e| SweepError::Output(e.to_string()))?;
                        intervals
                    }
                };
                for i in (0..variants.len()).filter(|&i| alive[i]) {
                    played[i] = games[i];
                }
                for &i in &record.rounds[round].stopped {
                    alive[i] = false;
                    eliminated[i] = Some(round + 1);
                    progress(&format!(
                        "race: variant {} stops after round {} (worst |gap| {:.2} pp, interval [{:.2}, {:.2}])",
                        variants[i].number,
                        round + 1,
                        100.0 * intervals[i].estimate,
                        100.0 * intervals[i].low,
                        100.0 * intervals[i].high
                    ));
                }
            }
            let weight = |i: usize| counts[i].len() as u64;
            let done = (0..variants.len()).map(|i| played[i] * weight(i)).sum();
            let full = (0..variants.len()).map(|i| sweep.base.games * weight(i)).sum();
            totals = Some((done, full));
        }
    }
    let rows = finish(sweep, out, &eliminated, race.is_some())?;
    Ok(Swept { rows, race: totals })
}

/// The record of a race of `sweep` in `rounds` rounds into `out`: the one there if it is of this
/// race, else a new one ([`RaceRecord::open`]); reads only, so a caller can refuse a changed race
/// before anything is written.
///
/// # Errors
/// The game is unknown, or `out` holds the record of another race (naming what differs).
pub fn race_record(sweep: &Sweep, out: &Path, rounds: usize) -> Result<RaceRecord, SweepError> {
    let game = find(&sweep.base.game).map_err(|source| VariantError::Game { which: "sweep".into(), source })?;
    let variants = sweep.variants();
    let plans: Vec<Vec<u64>> =
        variants.iter().map(|v| schedule(sweep.base.games, rounds, deal_unit(&sweep.spec(v), game))).collect();
    // Games per player count of each variant after each round.
    let per_round: Vec<Vec<u64>> = (0..rounds).map(|r| plans.iter().map(|p| p[r]).collect()).collect();
    let dirs: Vec<String> = variants.iter().map(|v| v.dir(sweep.width())).collect();
    RaceRecord::open(out, sweep.race_fields(rounds), dirs, per_round).map_err(SweepError::Output)
}

/// Writes `sweep.csv` and `sweep.svg` from the variants' folders in `out`.
///
/// # Errors
/// A folder's files, or the outputs.
pub fn finish(
    sweep: &Sweep,
    out: &Path,
    eliminated: &[Option<usize>],
    race: bool,
) -> Result<Vec<SweepRow>, SweepError> {
    let rows = sweep_rows(sweep, out, eliminated).map_err(SweepError::Output)?;
    write_sweep(sweep, &rows, race, out).map_err(|e| SweepError::Output(e.to_string()))?;
    let mut plot: Vec<GapRow> = Vec::new();
    let mut raced_out = Vec::new();
    for r in &rows {
        let mut name = format!("{} {}", r.variant.number, r.variant.describe());
        if let Some(k) = r.eliminated {
            name.push_str(&format!(" (raced out after round {k})"));
        }
        if plot.last().is_none_or(|(n, _)| *n != name) {
            if r.eliminated.is_some() {
                raced_out.push(plot.len());
            }
            plot.push((name.clone(), Vec::new()));
        }
        let (g, lo, hi) = r.fields.gap;
        plot.last_mut().expect("pushed").1.push((r.players, g, lo, hi));
    }
    let what = match &sweep.objective.value {
        Some(v) => format!("{} {v}", sweep.objective.label),
        None => format!("{} (value farthest from the reference)", sweep.objective.label),
    };
    let title = format!("{}: {what}, gap from the reference per variant", sweep.base.game);
    gap_plot(&out.join(SWEEP_SVG), &title, "gap (percentage points)", &plot, &raced_out).map_err(SweepError::Output)?;
    Ok(rows)
}

/// Plays shard `shard` of variant `number` (1-based) into `out/shards/DIR/k`: one task of a
/// sweep's Slurm array ([`merge_sweep`] combines them).
///
/// # Errors
/// A variant refused, a number out of range, or the run's error.
pub fn run_shard(
    sweep: &Sweep,
    number: usize,
    shard: Shard,
    out: &Path,
    opts: &RunOptions,
) -> Result<String, SweepError> {
    sweep.check(&opts.profile_dir)?;
    let variants = sweep.variants();
    let v = variants.get(number.wrapping_sub(1)).ok_or_else(|| {
        SweepError::Output(format!("--variant {number}: the sweep has variants 1 to {}", variants.len()))
    })?;
    let game = find(&sweep.base.game).map_err(|source| VariantError::Game { which: "sweep".into(), source })?;
    let dir = v.dir(sweep.width());
    let path = shard_dir(out, &dir, shard.k);
    let spec = Spec { shard: Some(shard), ..sweep.spec(v) };
    (game.run)(&spec, &path, opts).map_err(|source| SweepError::Run { number, dir, source })?;
    Ok(path.display().to_string())
}

/// Merges the `shards` shards of every variant (`out/shards/DIR/1 … n`) into `out/DIR`, then writes
/// `sweep.csv` and `sweep.svg`: the same files as the unsharded sweep.
///
/// # Errors
/// A merge that fails (a missing shard, …), or the outputs.
pub fn merge_sweep(sweep: &Sweep, shards: u64, out: &Path) -> Result<Vec<SweepRow>, SweepError> {
    let width = sweep.width();
    for v in sweep.variants() {
        let dir = v.dir(width);
        let dirs: Vec<_> = (1..=shards).map(|k| shard_dir(out, &dir, k)).collect();
        merge(&dirs, &out.join(&dir)).map_err(|source| SweepError::Merge { dir, source })?;
    }
    finish(sweep, out, &[], false)
}

/// Games per whole deal at every count of `spec`: under rotation the least common multiple of
/// its player counts, else 1.
fn deal_unit(spec: &Spec, game: &GameEntry) -> u64 {
    if spec.seat_mode() != SeatMode::Rotate {
        return 1;
    }
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    player_counts(spec, game).into_iter().fold(1, |l, n| l / gcd(l, n as u64) * n as u64)
}
