//! How a run starts in its output folder: fresh, resumed from its checkpoint, already complete,
//! grown from a smaller run of the same spec, or refused (another spec, naming the fields that
//! differ).
//!
//! Runs that grow: game `i` of a series is a pure function of `(spec without games, seed, i)`,
//! so the same spec with a larger `games` continues a finished or interrupted run where it
//! stopped. Each series goes on from the games it has; `games.csv` keeps its (player count,
//! index) order: the rows of the later series are set aside in `games.csv.carry`
//! ([`files::CARRY`]) and copied back when the run reaches them, after the new games of the
//! series before. The checkpoint records where each of them continues ([`Carried`]). The grown
//! run's files equal, byte for byte, a fresh run of the larger count (but for `run.toml`'s times).
//!
//! Not grown: a smaller count (a run never shrinks), a shard whose games at the larger count do
//! not continue the ones it played (shard `k/n` plays the deals `[(k-1)·D/n, k·D/n)`, which move
//! when `D` grows, except for the first shard), and a run whose SPRT stopped.

use std::fs::File;
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::Path;

use super::checkpoint::{Carried, Checkpoint};
use super::error::{OutputError, RunError};
use super::games_csv::{self, ResumeError};
use super::output::{PUZZLE_STUDY, entries, files, foreign_files, remove_if_present, remove_killed_merge};
use super::plan::Plan;
use super::play::Series;
use super::record::{RECORD_VERSION, RunRecord};
use super::spec::Spec;
use crate::bots::Heuristic;
use crate::stats::{Counts, Verdict};

/// How a run starts.
pub enum Start {
    /// Nothing played yet.
    Fresh(Checkpoint),
    /// From a checkpoint (of this run, or of a smaller run it grew from).
    Resume(Checkpoint),
    /// The folder holds this run's results.
    Complete(Counts),
}

/// What a smaller run of the spec left: a finished run, or a checkpoint.
enum Smaller {
    Finished { counts: Counts, record: Option<RunRecord> },
    Unfinished(Checkpoint),
}

impl<G: Heuristic> Plan<G> {
    /// How this plan starts in `out` (see the module doc).
    ///
    /// # Errors
    /// `out` holds another run (named fields), a smaller count that cannot grow, an unreadable
    /// `spec.toml`, a damaged checkpoint or `games.csv`, or I/O errors. Nothing is written then.
    pub(super) fn start_in(&self, out: &Path) -> Result<Start, RunError> {
        let start = Checkpoint::start(self);
        if let Some(c) = Checkpoint::load(out)? {
            if c.same_run(&start) {
                return Ok(Start::Resume(c));
            }
            let path = out.join(files::CHECKPOINT);
            let old = parse_spec(c.spec_text(), &path, out)?;
            let fields = old.differences(&self.spec);
            if fields.is_empty() || !c.same_lineups(&start) && fields == ["games"] {
                let fields = "the bots' parameters (a bot profile changed)".to_string();
                return Err(RunError::OtherCheckpoint { dir: out.to_path_buf(), fields });
            }
            if fields != ["games"] {
                return Err(RunError::OtherCheckpoint {
                    dir: out.to_path_buf(),
                    fields: describe(&fields, c.spec_text(), &old, self),
                });
            }
            return self.grow(out, &old, Smaller::Unfinished(c), start).map(Start::Resume);
        }
        let path = out.join(files::SPEC);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return self.fresh_in(out, start),
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                let message = "it is not UTF-8 text".to_string();
                return Err(RunError::UnreadableSpec { path, dir: out.to_path_buf(), message });
            }
            Err(source) => return Err(OutputError::Read { path, source }.into()),
        };
        let old = parse_spec(&text, &path, out)?;
        let fields = old.differences(&self.spec);
        let counts = finished_counts(out);
        if counts.is_none() {
            counts_recorded(out)?;
        }
        if text == self.spec.to_toml() {
            // The same spec: complete, or abandoned before it finished (played again).
            return match counts {
                Some(c) => {
                    self.check_bots(out)?;
                    self.check_finished_games(out, Some(&RunRecord::load_finished(out)?))?;
                    Ok(Start::Complete(c))
                }
                None => Ok(Start::Fresh(start)),
            };
        }
        match counts {
            Some(counts) if fields == ["games"] => {
                self.check_bots(out)?;
                let record = Some(RunRecord::load_finished(out)?);
                self.check_finished_games(out, record.as_ref())?;
                self.grow(out, &old, Smaller::Finished { counts, record }, start).map(Start::Resume)
            }
            _ => Err(RunError::OtherSpec { dir: out.to_path_buf(), fields: describe(&fields, &text, &old, self) }),
        }
    }

    /// A fresh start in `out`, which holds no checkpoint and no `spec.toml`: refused unless it
    /// is empty but for what a run leaves before its first checkpoint ([`foreign_files`]), so a
    /// run never overwrites a folder that is not a meeple run (a user's files, a puzzle study).
    fn fresh_in(&self, out: &Path, start: Checkpoint) -> Result<Start, RunError> {
        let held = foreign_files(out)?;
        if held.is_empty() {
            remove_killed_merge(out)?;
            return Ok(Start::Fresh(start));
        }
        if held.iter().any(|n| n == PUZZLE_STUDY) {
            return Err(RunError::PuzzleStudy(out.to_path_buf()));
        }
        Err(RunError::NotARun { dir: out.to_path_buf(), files: held.join(", ") })
    }

    /// Checks the `counts.json` and `games.csv` of the finished run in `out` before it is
    /// declared complete or grows: `counts.json` against the checksum its `run.toml` recorded
    /// (if any); `games.csv` against the length and checksums its `run.toml` recorded; without them (no
    /// `run.toml`, or one of an older meeple), that it ends with a whole row and, unless an
    /// SPRT may have stopped the run early, holds one row per game of the run in its spec.
    fn check_finished_games(&self, out: &Path, record: Option<&RunRecord>) -> Result<(), RunError> {
        // Its counts first: counts.json against the checksum run.toml recorded.
        if let Some(r) = record {
            r.check_counts(out)?;
        }
        let spec = parse_spec(
            &std::fs::read_to_string(out.join(files::SPEC)).map_err(OutputError::read(&out.join(files::SPEC)))?,
            &out.join(files::SPEC),
            out,
        )?;
        if !spec.per_game {
            return Ok(());
        }
        let path = out.join(files::GAMES);
        if !path.is_file() {
            return Err(OutputError::FinishedGamesMissing { path, dir: out.to_path_buf() }.into());
        }
        if let Some(r) = record.filter(|r| r.games_csv_bytes.is_some() || r.record_version >= RECORD_VERSION) {
            return Ok(r.check_games(out)?);
        }
        let bytes = std::fs::read(&path).map_err(OutputError::read(&path))?;
        let problem = if !bytes.is_empty() && !bytes.ends_with(b"\n") {
            Some("its last row is cut short".to_string())
        } else if spec.sprt.is_none() {
            let want: u64 = self.series.iter().map(|s| games_of(s, spec.games, &spec)).map(|r| r.end - r.start).sum();
            let rows = csv::Reader::from_reader(&bytes[..]).byte_records().count() as u64;
            (rows != want).then(|| format!("it holds {rows} rows, not the {want} games the run played"))
        } else {
            None
        };
        match problem {
            None => Ok(()),
            Some(problem) => Err(OutputError::FinishedGamesChanged { path, dir: out.to_path_buf(), problem }.into()),
        }
    }

    /// Refuses results of this spec in `out` made with other bot parameters (its `run.toml`).
    fn check_bots(&self, out: &Path) -> Result<(), RunError> {
        let changed = RunRecord::load(out)?.map_or(Vec::new(), |r| r.changed_bots(&self.bots()));
        if changed.is_empty() {
            return Ok(());
        }
        Err(RunError::OtherBots { dir: out.to_path_buf(), changed })
    }

    /// The checkpoint that continues `smaller` (a run of `old`, this spec with fewer games) as
    /// this plan, with the rows of later series set aside in `games.csv.carry`.
    fn grow(&self, out: &Path, old: &Spec, smaller: Smaller, start: Checkpoint) -> Result<Checkpoint, RunError> {
        let dir = out.to_path_buf();
        if old.games > self.spec.games {
            return Err(RunError::Shrink { dir, had: old.games, asked: self.spec.games });
        }
        let had: Vec<Range<u64>> = self.series.iter().map(|s| games_of(s, old.games, old)).collect();
        for (s, h) in self.series.iter().zip(&had) {
            let now = self.games(s);
            if now.start != h.start {
                let shard = self.spec.shard.map_or(String::new(), |x| x.to_string());
                return Err(RunError::ShardMoved { dir, shard, asked: self.spec.games, had: h.clone(), now });
            }
        }
        let finished = matches!(smaller, Smaller::Finished { .. });
        // Where each series continues, and what the smaller run left.
        let (next, counts, bytes, crc32, started, wall) = match smaller {
            Smaller::Finished { counts, record } => {
                // games.csv was checked against run.toml (check_finished_games) before.
                let len = match self.spec.per_game {
                    true => std::fs::metadata(out.join(files::GAMES))
                        .map_err(OutputError::read(&out.join(files::GAMES)))?
                        .len(),
                    false => 0,
                };
                let (started, wall, sums) = record.map_or((start.started.clone(), 0.0, Vec::new()), |r| {
                    (r.started, r.wall_seconds, r.games_csv_crc32)
                });
                (had.iter().map(|h| h.end).collect::<Vec<_>>(), counts, len, sums, started, wall)
            }
            Smaller::Unfinished(c) => {
                // An interrupted growth: the later series' games it set aside (`carried`) are in
                // its counts but not in the ranges below, so they would be played and counted
                // again. Finished first, it grows as any finished run.
                if !c.carried.is_empty() {
                    return Err(RunError::GrowInterrupted { dir, had: old.games, asked: self.spec.games });
                }
                let next = (0..self.series.len())
                    .map(|s| match s.cmp(&c.series) {
                        std::cmp::Ordering::Less => had[s].end,
                        std::cmp::Ordering::Equal => c.next,
                        std::cmp::Ordering::Greater => had[s].start,
                    })
                    .collect();
                (next, c.counts, c.games_csv_bytes, c.games_csv_crc32, c.started, c.wall_seconds)
            }
        };
        self.check_sprt(out, &counts)?;
        let mut at = start;
        (at.counts, at.started, at.wall_seconds, at.next) = (counts, started, wall, next[0]);
        if self.spec.per_game {
            let games = out.join(files::GAMES);
            // Damage found in a finished run's file is said of the run (its record), in an
            // unfinished one's of its checkpoint.
            let damaged = |e| -> RunError {
                match (e, finished) {
                    (ResumeError::Io(source), _) => OutputError::Read { path: games.clone(), source }.into(),
                    (damage, false) => RunError::GamesChanged { path: games.clone(), dir: out.to_path_buf(), damage },
                    (damage, true) => match games_csv::finished_problem(damage) {
                        Ok(problem) => {
                            OutputError::FinishedGamesChanged { path: games.clone(), dir: out.to_path_buf(), problem }
                        }
                        Err(source) => OutputError::Read { path: games.clone(), source },
                    }
                    .into(),
                }
            };
            games_csv::verify(&games, bytes, &crc32).map_err(damaged)?;
            let starts = series_starts(&games, bytes, &self.series).map_err(damaged)?;
            let kept = starts[1..].iter().copied().min().unwrap_or(bytes);
            at.games_csv_bytes = kept;
            at.games_csv_crc32 = games_csv::verify(&games, kept, &[]).map_err(damaged)?;
            at.carried = carry(out, &games, kept, bytes, &starts, &next)?;
        } else {
            at.carried = (1..self.series.len())
                .filter(|&s| next[s] > had[s].start)
                .map(|series| Carried { series, next: next[series], rows: None, crc32: 0 })
                .collect();
        }
        // Saved at once: from here the folder holds this larger run, and what `meeple report`
        // made from the smaller one is stale.
        at.save(out)?;
        remove_report(out)?;
        Ok(at)
    }

    /// Refuses to grow a run whose SPRT decided at some player count.
    fn check_sprt(&self, out: &Path, counts: &Counts) -> Result<(), RunError> {
        let Some(sprt) = self.spec.sprt.as_ref() else { return Ok(()) };
        let decided: Vec<String> = self
            .series
            .iter()
            .filter_map(|s| {
                let v = counts.versus.get(&s.players)?;
                let verdict = sprt.verdict(sprt.llr(&v.samples(), v.games_per_deal));
                (verdict != Verdict::Inconclusive).then(|| format!("{} players: {verdict} accepted", s.players))
            })
            .collect();
        if decided.is_empty() {
            return Ok(());
        }
        Err(RunError::SprtStopped { dir: out.to_path_buf(), decided: decided.join(", ") })
    }
}

/// Removes what `meeple report` wrote from a run in `out` (`report.md`, its `.svg` plots,
/// `crosstab_A_B.csv` and their heat maps; named by `crate::report`, a layer above this one):
/// once the run grows they describe fewer games than it holds. The binary makes `report.md`
/// again when the grown run finishes.
fn remove_report(out: &Path) -> Result<(), OutputError> {
    for name in entries(out)? {
        if name == "report.md" || name.ends_with(".svg") || name.starts_with("crosstab_") && name.ends_with(".csv") {
            remove_if_present(out, &name)?;
        }
    }
    Ok(())
}

/// The game indices `spec` (with `games` games) plays in `series`: [`Plan::games`] at that count.
fn games_of<G: Heuristic>(series: &Series<G>, games: u64, spec: &Spec) -> Range<u64> {
    let m = series.games_per_deal();
    let deals = games / m;
    let d = spec.shard.map_or(0..deals, |s| s.range(deals));
    d.start * m..d.end * m
}

/// Turns each of `spec`'s cross-tabulation pairs `B,A` whose reverse `A,B` the run in `out`
/// recorded (its `spec.toml`, or an unfinished run's checkpoint) into `A,B`: README says the two
/// name the same pair, so resuming or growing a run with `--crosstab bot,seat` where it recorded
/// `seat,bot` continues it instead of being refused as another spec (nc40e N6). Nothing changes
/// when `out` holds no readable spec.
pub fn orient_crosstab(spec: &mut Spec, out: &Path) {
    let recorded = std::fs::read_to_string(out.join(files::SPEC))
        .ok()
        .or_else(|| Checkpoint::load(out).ok().flatten().map(|c| c.spec_text().to_string()))
        .and_then(|text| toml::from_str::<Spec>(&text).ok())
        .map(|s| s.crosstab);
    let Some(recorded) = recorded else { return };
    for pair in &mut spec.crosstab {
        if recorded.contains(pair) {
            continue;
        }
        if let Some((a, b)) = pair.split_once(',') {
            let reverse = format!("{b},{a}");
            if recorded.contains(&reverse) {
                *pair = reverse;
            }
        }
    }
}

/// The spec in a run folder's `spec.toml` (or checkpoint) text.
fn parse_spec(text: &str, path: &Path, out: &Path) -> Result<Spec, RunError> {
    let spec: Spec = toml::from_str(text).map_err(|e| RunError::UnreadableSpec {
        path: path.to_path_buf(),
        dir: out.to_path_buf(),
        message: e.to_string().trim().replace('\n', " "),
    })?;
    // A spec.toml without `seats` (written by hand or by an older meeple) seats as its lineup
    // chooses: compared with this run's spec (whose seating is filled in) as such.
    Ok(Spec { seats: Some(spec.seat_mode()), ..spec })
}

/// `fields` with their values there (`old`, read from `text`) and here, e.g. `seed: 11 there, 12
/// here`. A field `text` does not write is shown with the default it takes, as such (`seats:
/// not in spec.toml ("rotate" by default) there, "fixed" here`).
fn describe<G: Heuristic>(fields: &[String], text: &str, old: &Spec, plan: &Plan<G>) -> String {
    let (a, b) = (old.fields(), plan.spec.fields());
    let written: toml::Table = toml::from_str(text).unwrap_or_default();
    let value = |t: &toml::Table, k: &str| t.get(k).map_or("absent".to_string(), |v| v.to_string());
    let there = |k: &str| match (written.contains_key(k), a.get(k)) {
        (true, _) => value(&a, k),
        (false, Some(v)) => format!("not in {} ({v} by default)", files::SPEC),
        (false, None) => format!("not in {}", files::SPEC),
    };
    if fields.is_empty() {
        return "the same spec text in another form".to_string();
    }
    let mut said: Vec<String> =
        fields.iter().map(|k| format!("{k}: {} there, {} here", there(k), value(&b, k))).collect();
    if fields.len() > 1 && fields.iter().any(|k| k == "games") {
        // A larger count alone would grow the run: say why it does not here.
        said.push("a larger games grows a run only when no other field changed".to_string());
    }
    said.join("; ")
}

/// Refuses a run in `out` whose `run.toml` (written when the run finished) records a
/// `counts.json` that is gone: played again, it would silently replace the finished run.
fn counts_recorded(out: &Path) -> Result<(), OutputError> {
    match out.join(files::RUN).is_file() && !out.join(files::COUNTS).exists() {
        true => Err(OutputError::Unverifiable {
            path: out.join(files::COUNTS),
            dir: out.to_path_buf(),
            what: format!("it is missing, though {} records its checksum", files::RUN),
        }),
        false => Ok(()),
    }
}

/// The counts of the finished run in `out`, if its `counts.json` reads (a `games.csv` it should
/// have and does not is refused by [`Plan::check_finished_games`], never played again).
fn finished_counts(out: &Path) -> Option<Counts> {
    serde_json::from_str(&std::fs::read_to_string(out.join(files::COUNTS)).ok()?).ok()
}

/// The byte offset at which each series' rows start in the first `len` bytes of `games.csv`
/// (`len` where a series has no rows there), from the `players` column: rows are in series
/// order.
fn series_starts<G: Heuristic>(path: &Path, len: u64, series: &[Series<G>]) -> Result<Vec<u64>, ResumeError> {
    let file = File::open(path)?;
    let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(file.take(len));
    let mut starts = vec![len; series.len()];
    let mut record = csv::ByteRecord::new();
    let mut at = 0;
    loop {
        let pos = reader.position().byte();
        let more = reader.read_byte_record(&mut record).map_err(|e| ResumeError::Io(std::io::Error::other(e)))?;
        if !more {
            break;
        }
        let players = record.get(0).unwrap_or_default();
        while at < series.len() && players != series[at].players.to_string().as_bytes() {
            at += 1;
        }
        if at == series.len() {
            return Err(ResumeError::Changed { start: pos, end: reader.position().byte() });
        }
        starts[at] = starts[at].min(pos);
    }
    Ok(starts)
}

/// Sets aside the rows of series 1… (bytes `kept..len` of `games`) in `games.csv.carry`, and
/// returns where each of those series continues, with its rows' range in that file.
fn carry(
    out: &Path,
    games: &Path,
    kept: u64,
    len: u64,
    starts: &[u64],
    next: &[u64],
) -> Result<Vec<Carried>, RunError> {
    let path = out.join(files::CARRY);
    let tmp = out.join(format!("{}.tmp", files::CARRY));
    let write = OutputError::write(&path);
    let mut carried = Vec::new();
    let mut from = File::open(games).map_err(OutputError::read(games))?;
    from.seek(SeekFrom::Start(kept)).map_err(OutputError::read(games))?;
    let mut to = BufWriter::new(File::create(&tmp).map_err(OutputError::write(&tmp))?);
    for s in 1..starts.len() {
        let end = starts[s + 1..].iter().copied().min().unwrap_or(len).max(starts[s]);
        let (a, b) = (starts[s].min(len), end.min(len));
        let mut bytes = vec![0u8; (b - a) as usize];
        from.read_exact(&mut bytes).map_err(OutputError::read(games))?;
        to.write_all(&bytes).map_err(OutputError::write(&tmp))?;
        if b > a {
            let rows = (a - kept)..(b - kept);
            carried.push(Carried { series: s, next: next[s], rows: Some(rows), crc32: crc32fast::hash(&bytes) });
        }
    }
    to.flush().map_err(OutputError::write(&tmp))?;
    drop(to);
    std::fs::rename(&tmp, &path).map_err(write)?;
    Ok(carried)
}

/// The rows of `carried` from `games.csv.carry` in `out`, once their checksum matches.
///
/// # Errors
/// The file cannot be read, or its bytes changed.
pub(super) fn carried_rows(out: &Path, carried: &Carried) -> Result<Vec<u8>, RunError> {
    let Some(rows) = carried.rows.clone() else { return Ok(Vec::new()) };
    let path = out.join(files::CARRY);
    let mut f = File::open(&path).map_err(OutputError::read(&path))?;
    f.seek(SeekFrom::Start(rows.start)).map_err(OutputError::read(&path))?;
    let mut bytes = vec![0u8; (rows.end - rows.start) as usize];
    f.read_exact(&mut bytes).map_err(OutputError::read(&path))?;
    if crc32fast::hash(&bytes) != carried.crc32 {
        let damage = ResumeError::Changed { start: rows.start, end: rows.end };
        return Err(RunError::GamesChanged { path, dir: out.to_path_buf(), damage });
    }
    Ok(bytes)
}
