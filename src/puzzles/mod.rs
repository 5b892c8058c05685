//! `meeple puzzles`: a difficulty study without play. For each setting (a grid size and an item
//! count under fixed options), it generates puzzles, runs the reference solver on each and
//! writes one row per puzzle, the spec's summary statistics per setting, a report and a plot.
//!
//! Determinism: puzzle `i` of setting `j` is generated from the runner's seed derivation,
//! `derive(seed, i, j)` ([`crate::tournament::seed::derive`]), so every row is a pure function of
//! (options, seed, j, i). Rows are computed in parallel windows on a rayon pool (as the runner
//! plays games) and collected in index order, and the statistics use integers and order-free
//! sums, so every file is byte-identical for any thread count.
//!
//! Only Laser Reflection has puzzles (`docs/rules/laserreflection.md`, "Labels for statistics"
//! and "Reference solver"); the rows and statistics are its `study` module's.

mod plot;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::game::config;
use crate::game::rng_from_seed;
use crate::games::laserreflection::study::{COLUMNS, PERCENTILES, PuzzleRow, Summary, puzzle_row};
use crate::games::laserreflection::{Config, LaserState};
use crate::options::OptionError;
use crate::report::PlotError;
use crate::tournament::seed::derive;
use crate::tournament::{
    MERGING, OutputError, entries, files as tfiles, prepare_output, remove_killed_merge, write_atomic,
};

/// Puzzles per parallel window (rows are written window by window).
const WINDOW: u64 = 1 << 12;

/// Output file names of a study.
pub mod files {
    /// One row per puzzle.
    pub const PUZZLES: &str = "puzzles.csv";
    /// One row of statistics per setting.
    pub const SUMMARY: &str = "summary.csv";
    /// The summary as a Markdown report.
    pub const REPORT: &str = "report.md";
    /// Distribution of solver nodes per setting.
    pub const NODES_PLOT: &str = "ref_nodes.svg";
    /// Every file a study writes.
    pub const ALL: [&str; 4] = [PUZZLES, SUMMARY, REPORT, NODES_PLOT];
}

/// What to study: the game, the fixed options, the grid sizes and item counts (every pair is a
/// setting), the puzzles per setting and the master seed.
#[derive(Debug, Clone)]
pub struct Study {
    /// The game (only `laserreflection`).
    pub game: String,
    /// Options other than `grid_size` and `items`.
    pub options: toml::Table,
    /// Grid sizes N.
    pub grids: Vec<u8>,
    /// Requested item counts K.
    pub items: Vec<u8>,
    /// Puzzles per setting.
    pub count: u64,
    /// Master seed.
    pub seed: u64,
}

/// Why a study was refused or could not be written.
#[derive(Debug, thiserror::Error)]
pub enum StudyError {
    /// Another game than Laser Reflection.
    #[error("meeple puzzles studies laserreflection only, not `{0}`")]
    NotLaserReflection(String),
    /// `grid_size` or `items` given as an option instead of by flag.
    #[error("give `{0}` with --grid / --items, not as an option")]
    SettingAsOption(&'static str),
    /// An option that only play reads (`rounds`, `challenge`, `max_edits`).
    #[error(
        "option `{0}` applies to play only: meeple puzzles generates each puzzle alone, as for a race round \
         (rule G1 without the solo challenge's item minimum)"
    )]
    PlayOnly(&'static str),
    /// `--count 0`.
    #[error("--count is 0: give the number of puzzles per setting, at least 1")]
    NoPuzzles,
    /// No grid size or no item count.
    #[error("give at least one grid size (--grid) and one item count (--items)")]
    NoSetting,
    /// An option (or a grid size or item count) out of range: the option's own message.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// The output directory already holds a study (the directory).
    #[error("{} already holds a puzzle study ({}); choose another --out, or delete it", .0.display(), files::PUZZLES)]
    Exists(PathBuf),
    /// The output directory holds a run of `play`, `run` or `merge` (the directory).
    #[error(
        "{d} holds a run of play, run or merge ({d}/spec.toml or checkpoint.json), not a puzzle study; nothing was \
         written: choose an empty or new folder for --out",
        d = .0.display()
    )]
    HoldsRun(PathBuf),
    /// The output directory holds other files.
    #[error(
        "{d} is not empty ({files}); nothing was written: choose an empty or new folder for --out",
        d = .dir.display()
    )]
    NotEmpty {
        /// The directory.
        dir: PathBuf,
        /// The names of the files it holds.
        files: String,
    },
    /// The output directory or one of its files cannot be written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// The worker threads could not be started.
    #[error("cannot start worker threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
    /// A signal (Ctrl-C, SIGTERM, SIGHUP) stopped the study before it wrote anything.
    #[error("{0}")]
    Interrupted(#[source] crate::interrupt::Interrupted),
    /// The plot cannot be written.
    #[error(transparent)]
    Plot(#[from] PlotError),
}

/// One setting's options and results.
#[derive(Debug, Clone)]
pub struct SettingResult {
    /// The validated options.
    pub config: Config,
    /// Its statistics.
    pub summary: Summary,
    /// Sorted `ref_nodes` (for the plot).
    pub nodes: Vec<u64>,
}

impl Study {
    /// The validated options of every setting, grid sizes outer, item counts inner.
    ///
    /// # Errors
    /// Another game than `laserreflection`, `grid_size`, `items`, `rounds`, `challenge` or `max_edits` among
    /// the options, no setting, a count of 0, or an invalid option (named, with its valid values).
    pub fn settings(&self) -> Result<Vec<Config>, StudyError> {
        if self.game != "laserreflection" {
            return Err(StudyError::NotLaserReflection(self.game.clone()));
        }
        if let Some(k) = ["grid_size", "items"].into_iter().find(|k| self.options.contains_key(*k)) {
            return Err(StudyError::SettingAsOption(k));
        }
        if let Some(k) = ["rounds", "challenge", "max_edits"].into_iter().find(|k| self.options.contains_key(*k)) {
            return Err(StudyError::PlayOnly(k));
        }
        if self.count == 0 {
            return Err(StudyError::NoPuzzles);
        }
        if self.grids.is_empty() || self.items.is_empty() {
            return Err(StudyError::NoSetting);
        }
        let mut out = Vec::new();
        for &n in &self.grids {
            for &k in &self.items {
                let mut t = self.options.clone();
                t.insert("grid_size".into(), toml::Value::Integer(n.into()));
                t.insert("items".into(), toml::Value::Integer(k.into()));
                out.push(config::<LaserState>(&t)?);
            }
        }
        Ok(out)
    }

    /// Runs the study on `threads` worker threads (`None`: all cores) and writes its files to
    /// `out`; returns the results per setting.
    ///
    /// # Errors
    /// As [`Study::settings`]; the output directory already holds a study (`puzzles.csv`: it is
    /// never overwritten) or cannot be written.
    pub fn run(&self, out: &Path, threads: Option<usize>, quiet: bool) -> Result<Vec<SettingResult>, StudyError> {
        let settings = self.settings()?;
        // Locked first: a second study on the same folder stops here, writing nothing.
        let _lock = prepare_output(out)?;
        // A study is never resumed: it goes into an empty folder only (never over a run of play,
        // run or merge, whose summary.csv it would overwrite, nor over a user's files).
        // A killed merge's temporary folder is no one's: removed below, never listed.
        let held: Vec<String> = entries(out)?.into_iter().filter(|n| n != MERGING).collect();
        if held.iter().any(|n| n == files::PUZZLES) {
            return Err(StudyError::Exists(out.to_path_buf()));
        }
        if held.iter().any(|n| n == tfiles::SPEC || n == tfiles::CHECKPOINT) {
            return Err(StudyError::HoldsRun(out.to_path_buf()));
        }
        if !held.is_empty() {
            return Err(StudyError::NotEmpty { dir: out.to_path_buf(), files: held.join(", ") });
        }
        remove_killed_merge(out)?;
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads.unwrap_or(0)).build()?;
        let mut csv = format!("setting,index,{}\n", COLUMNS.join(","));
        let mut results = Vec::new();
        for (j, c) in settings.iter().enumerate() {
            let mut rows: Vec<PuzzleRow> = Vec::with_capacity(self.count as usize);
            for start in (0..self.count).step_by(WINDOW as usize) {
                let end = (start + WINDOW).min(self.count);
                // After a signal, the puzzles not yet started are skipped, and the study stops.
                let window: Vec<Option<PuzzleRow>> = pool.install(|| {
                    (start..end)
                        .into_par_iter()
                        .map(|i| {
                            crate::interrupt::requested()
                                .is_none()
                                .then(|| puzzle_row(c, &mut rng_from_seed(derive(self.seed, i, j as u64))))
                        })
                        .collect()
                });
                let finished = window.iter().flatten().count() as u64;
                if finished < end - start || crate::interrupt::requested().is_some() {
                    // Every puzzle finished so far: the settings and windows before, and those of
                    // this window that started before the signal.
                    let done = j as u64 * self.count + start + finished;
                    let total = settings.len() as u64 * self.count;
                    return Err(StudyError::Interrupted(crate::interrupt::Interrupted {
                        signal: crate::interrupt::requested().unwrap_or(libc::SIGINT),
                        message: format!(
                            "interrupted at {done} of {total} puzzles; nothing was written (a study is not resumed): \
                             run the same command to start it again"
                        ),
                    }));
                }
                let window: Vec<PuzzleRow> = window.into_iter().flatten().collect();
                for (i, r) in (start..).zip(&window) {
                    writeln!(csv, "{j},{i},{}", r.fields(c).join(",")).expect("writing to a String");
                }
                rows.extend(window);
            }
            let summary = Summary::of(&rows, c.ref_node_cap);
            if !quiet {
                eprintln!("setting {j}: {}x{} K {}: {}", c.grid_size, c.grid_size, c.items, summary_line(&summary));
            }
            let mut nodes: Vec<u64> = rows.iter().map(|r| r.nodes).collect();
            nodes.sort_unstable();
            results.push(SettingResult { config: *c, summary, nodes });
        }
        write_atomic(out, files::PUZZLES, csv.as_bytes())?;
        write_atomic(out, files::SUMMARY, summary_csv(&results).as_bytes())?;
        write_atomic(out, files::REPORT, report(self, &results).as_bytes())?;
        plot::nodes_plot(&out.join(files::NODES_PLOT), &results)?;
        Ok(results)
    }
}

/// One line: node percentiles, capped and unique shares.
fn summary_line(s: &Summary) -> String {
    format!(
        "ref_nodes p10/p50/p90/p99 {}/{}/{}/{}, capped {:.1}%, unique {:.1}%",
        s.nodes[0],
        s.nodes[1],
        s.nodes[2],
        s.nodes[3],
        100.0 * s.capped,
        100.0 * s.unique
    )
}

/// The option columns of a setting.
fn setting_fields(c: &Config) -> [String; 7] {
    let yn = |b: bool| if b { "yes" } else { "no" }.to_string();
    [
        c.grid_size.to_string(),
        c.items.to_string(),
        yn(c.black_holes),
        yn(c.warps),
        c.shapes.name().to_string(),
        yn(c.partial),
        c.ref_node_cap.to_string(),
    ]
}

const SETTING_COLUMNS: [&str; 7] = ["n", "items", "black_holes", "warps", "shapes", "partial", "ref_node_cap"];

/// The statistic columns of `summary.csv`, after the setting's.
fn stat_columns() -> Vec<String> {
    let mut v = vec!["puzzles".to_string(), "k".to_string()];
    for name in ["ref_nodes", "ref_nodes_first"] {
        v.extend(PERCENTILES.map(|p| format!("{name}_p{p}")));
    }
    v.extend(
        [
            "capped_share",
            "unique_share",
            "fewer_items_share",
            "green_share",
            "yellow_share",
            "grey_share",
            "gen_tries_mean",
            "gen_redundant_share",
            "gen_item_attempts_mean",
        ]
        .map(String::from),
    );
    v
}

fn stat_fields(r: &SettingResult) -> Vec<String> {
    let s = &r.summary;
    let k = LaserState::gen_options(&r.config, 2).k;
    let f = |x: f64| format!("{x:.6}");
    let mut v = vec![s.puzzles.to_string(), k.to_string()];
    v.extend(s.nodes.iter().chain(&s.nodes_first).map(u64::to_string));
    v.extend([s.capped, s.unique, s.fewer_items].map(f));
    v.extend(s.colour_shares.map(f));
    v.extend([s.tries, s.redundant, s.item_attempts].map(f));
    v
}

fn summary_csv(results: &[SettingResult]) -> String {
    let mut out = format!("{},{}\n", SETTING_COLUMNS.join(","), stat_columns().join(","));
    for r in results {
        out.push_str(&format!("{},{}\n", setting_fields(&r.config).join(","), stat_fields(r).join(",")));
    }
    out
}

fn report(study: &Study, results: &[SettingResult]) -> String {
    let c = &results[0].config;
    let mut md = format!(
        "# Laser Reflection puzzle difficulty\n\n{} puzzles per setting, seed {}; black holes {}, warps {}, \
         shapes {}, partial {}; reference solver capped at {} nodes (capped puzzles are censored at the \
         cap in the percentiles).\n\nFiles: `{}` (one row per puzzle), `{}` (this table), `{}` (share of \
         puzzles solved within x nodes).\n\n",
        study.count,
        study.seed,
        c.black_holes,
        c.warps,
        c.shapes.name(),
        c.partial,
        c.ref_node_cap,
        files::PUZZLES,
        files::SUMMARY,
        files::NODES_PLOT,
    );
    md.push_str(
        "| N | K | K' | ref_nodes p10 / p50 / p90 / p99 | first solution p50 / p90 | capped | unique | fewer items | G / Y / A | gen_tries | redundant | attempts |\n",
    );
    md.push_str("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    let pct = |x: f64| if x.is_nan() { "-".to_string() } else { format!("{:.1}%", 100.0 * x) };
    for r in results {
        let s = &r.summary;
        let k = LaserState::gen_options(&r.config, 2).k;
        md.push_str(&format!(
            "| {} | {} | {k} | {} / {} / {} / {} | {} / {} | {} | {} | {} | {:.2} / {:.2} / {:.2} | {:.2} | {} | {:.2} |\n",
            r.config.grid_size,
            r.config.items,
            s.nodes[0],
            s.nodes[1],
            s.nodes[2],
            s.nodes[3],
            s.nodes_first[1],
            s.nodes_first[2],
            pct(s.capped),
            pct(s.unique),
            pct(s.fewer_items),
            s.colour_shares[0],
            s.colour_shares[1],
            s.colour_shares[2],
            s.tries,
            pct(s.redundant),
            s.item_attempts,
        ));
    }
    md.push_str(&format!("\n![ref_nodes]({})\n", files::NODES_PLOT));
    md
}
