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
use std::io::{BufWriter, Seek, SeekFrom};
use std::path::Path;

use super::play::{Played, Series};
use super::seed::derive;
use crate::bots::BotSpec;
use crate::game::Game;

/// The header row for a run of game `G` with at most `max_players` seats.
pub fn header<G: Game>(max_players: usize, external: bool) -> Vec<String> {
    let mut h: Vec<String> = ["players", "index", "seed", "length", "truncated"].map(String::from).to_vec();
    if external {
        h.extend(["forfeit_seat", "forfeit_reason"].map(String::from));
    }
    h.extend(G::GAME_LABELS.iter().map(|l| l.to_string()));
    for s in 0..max_players {
        h.push(format!("seat{s}_bot"));
        h.extend(G::SEAT_LABELS.iter().map(|l| format!("seat{s}_{l}")));
        h.push(format!("seat{s}_reward"));
        if G::SCORING.is_some() {
            h.push(format!("seat{s}_score"));
        }
    }
    h
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
    r.extend((0..G::GAME_LABELS.len()).map(|k| outcome.map_or(String::new(), |_| p.state.game_label(k).to_string())));
    for s in 0..max_players {
        if s < series.players {
            r.push(series.lineup[p.lineup_of_seat[s]].name.clone());
            r.extend((0..G::SEAT_LABELS.len()).map(|k| p.state.label(s, k).to_string()));
            r.push(outcome.map_or(String::new(), |o| o[s].to_string()));
            if G::SCORING.is_some() {
                r.push(outcome.map_or(String::new(), |_| p.state.score(s).to_string()));
            }
        } else {
            r.extend(std::iter::repeat_n(String::new(), G::SEAT_LABELS.len() + 2 + usize::from(G::SCORING.is_some())));
        }
    }
    r
}

/// Whether `series` has an external bot, whose games may be forfeited.
pub fn has_external_bot<G: Game>(series: &Series<G>) -> bool {
    series.lineup.iter().any(BotSpec::is_external)
}

/// A `games.csv` writer that can flush and report its length, for checkpoints.
pub struct GamesCsv {
    out: csv::Writer<BufWriter<File>>,
}

impl GamesCsv {
    /// Creates `path` (replacing any file there) and writes the header.
    ///
    /// # Errors
    /// I/O errors.
    pub fn create<G: Game>(path: &Path, max_players: usize, external: bool) -> csv::Result<Self> {
        let mut out = csv::Writer::from_writer(BufWriter::new(File::create(path)?));
        out.write_record(header::<G>(max_players, external))?;
        Ok(Self { out })
    }

    /// Opens `path` to append after its first `len` bytes, dropping anything beyond them.
    ///
    /// # Errors
    /// I/O errors, or a file shorter than `len`.
    pub fn resume(path: &Path, len: u64) -> std::io::Result<Self> {
        let mut f = OpenOptions::new().write(true).open(path)?;
        if f.metadata()?.len() < len {
            return Err(std::io::Error::other(format!("shorter than the {len} bytes the checkpoint recorded")));
        }
        f.set_len(len)?;
        f.seek(SeekFrom::End(0))?;
        Ok(Self { out: csv::Writer::from_writer(BufWriter::new(f)) })
    }

    /// Appends rows.
    ///
    /// # Errors
    /// I/O errors of the underlying writer.
    pub fn write(&mut self, rows: &[Vec<String>]) -> csv::Result<()> {
        rows.iter().try_for_each(|r| self.out.write_record(r))
    }

    /// Flushes to the file and returns its length in bytes.
    ///
    /// # Errors
    /// I/O errors of the underlying writer.
    pub fn flush(&mut self) -> std::io::Result<u64> {
        self.out.flush()?;
        Ok(self.out.get_ref().get_ref().metadata()?.len())
    }
}
