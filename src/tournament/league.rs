//! Round-robin and gauntlet tournaments of several bots: one paired match per pair of bots (bot A
//! in one seat against a field of bot B, seats rotated over the same deals), each in its own
//! directory exactly as `meeple play --bots A,B` writes it, then a cross-table of the pairs and
//! Bradley–Terry ratings of all bots at once, and their skill depth (`skill.csv`).
//!
//! Round-robin: every pair of bots once at two players; with more seats also both orders (A alone
//! against B's field, and B alone against A's), which are different lineups. Gauntlet: the first
//! bot against each other one.

use std::io::Write;
use std::path::Path;

use super::error::OutputError;
use super::output::{files, write_atomic};
use super::spec::{SeatMode, Spec};
use crate::stats::skill::{SkillRow, skill_rows, write_skill};
use crate::stats::{Counts, RatingRow, VersusRow, rating_rows, versus_rows, write_ratings};

/// One match of a tournament: the spec of bot `a` against bot `b` and the subdirectory it is
/// written to.
#[derive(Debug, Clone, PartialEq)]
pub struct Match {
    /// The match's spec: the tournament's, with the lineup `[a, b]` and no `tournament` field.
    pub spec: Spec,
    /// Its directory inside the tournament's, e.g. `01-greedy-vs-random`.
    pub dir: String,
}

pub use super::output::files::CROSSTABLE;
pub use super::spec::League;

/// Why a tournament could not be played.
#[derive(Debug, thiserror::Error)]
pub enum LeagueError {
    /// Fewer than two bots.
    #[error("tournament: give at least two bots (--bots A,B,C)")]
    TooFewBots,
    /// A bot listed twice (the bot).
    #[error("tournament: bot `{0}` is listed twice")]
    ListedTwice(String),
    /// A file of the tournament's directory cannot be written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// The folder holds something else than this tournament (another spec, a run, other
    /// files).
    #[error(
        "{d} holds files that are not this tournament's (its spec.toml differs, or it holds no tournament); \
         nothing was written: choose an empty or new folder for --out",
        d = .0.display()
    )]
    Occupied(std::path::PathBuf),
    /// A match could not be played: what the caller's `play` returned.
    #[error(transparent)]
    Match(Box<dyn std::error::Error + Send + Sync>),
}

/// The matches of the tournament `spec` (which has a `tournament` field), in play order.
///
/// # Errors
/// [`LeagueError::TooFewBots`] or [`LeagueError::ListedTwice`]: fewer than two distinct bots, or a
/// bot listed twice.
pub fn matches(spec: &Spec, league: League) -> Result<Vec<Match>, LeagueError> {
    let bots: Vec<&str> = spec.bots.iter().map(|b| b.trim()).collect();
    if bots.len() < 2 {
        return Err(LeagueError::TooFewBots);
    }
    if let Some(i) = (1..bots.len()).find(|&i| bots[..i].contains(&bots[i])) {
        return Err(LeagueError::ListedTwice(bots[i].to_string()));
    }
    let both_orders = spec.players.as_ref().is_some_and(|p| p.to_vec().iter().any(|&n| n > 2));
    let mut pairs = Vec::new();
    for i in 0..bots.len() {
        for j in 0..bots.len() {
            let keep = match league {
                League::RoundRobin => i < j || (i > j && both_orders),
                League::Gauntlet => i == 0 && j > 0,
            };
            if keep {
                pairs.push((i, j));
            }
        }
    }
    let safe = |s: &str| {
        s.chars().map(|c| if c.is_ascii_alphanumeric() || "-_.".contains(c) { c } else { '_' }).collect::<String>()
    };
    Ok(pairs
        .into_iter()
        .enumerate()
        .map(|(k, (i, j))| Match {
            spec: Spec { bots: vec![bots[i].into(), bots[j].into()], tournament: None, ..spec.clone() },
            dir: format!("{:02}-{}-vs-{}", k + 1, safe(bots[i]), safe(bots[j])),
        })
        .collect())
}

/// The results of a tournament: each match's versus rows and the ratings of all bots.
pub struct Standings {
    /// One row per match and player count (A against B), in match order.
    pub crosstable: Vec<VersusRow>,
    /// Bradley–Terry ratings from the pairwise results of all matches (`ratings.csv`).
    pub ratings: Vec<RatingRow>,
    /// Skill depth: the win-rate gap of each two bots, pooled over the matches (`skill.csv`,
    /// what `meeple skill OUT/*/` gives).
    pub skill: Vec<SkillRow>,
}

/// Plays the tournament `spec` into `out`: every match through `play` (which validates, plays or
/// resumes it in `out/DIR` and returns its counts), then writes `spec.toml`, `crosstable.csv`,
/// `ratings.csv` and `skill.csv` to `out`.
///
/// # Errors
/// What `matches` refuses, what `play` returns ([`LeagueError::Match`]), and I/O errors.
pub fn run<E: Into<Box<dyn std::error::Error + Send + Sync>>>(
    spec: &Spec,
    league: League,
    out: &Path,
    mut play: impl FnMut(&Spec, &Path) -> Result<Counts, E>,
) -> Result<Standings, LeagueError> {
    let matches = matches(spec, league)?;
    // One tournament per folder (each match locks its own folder too).
    let _lock = super::output::prepare_output(out)?;
    // Only into an empty folder or this tournament's own (resumed): never over another run.
    let path = out.join(files::SPEC);
    match std::fs::read(&path) {
        Ok(text) if text != spec.to_toml().as_bytes() => return Err(LeagueError::Occupied(out.to_path_buf())),
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let held = super::output::entries(out)?;
            if held.iter().any(|n| !matches.iter().any(|m| &m.dir == n)) {
                return Err(LeagueError::Occupied(out.to_path_buf()));
            }
        }
        Err(source) => return Err(OutputError::Read { path, source }.into()),
    }
    let mut crosstable = Vec::new();
    let mut pairs = Counts::default();
    for m in &matches {
        let counts = play(&m.spec, &out.join(&m.dir)).map_err(|e| LeagueError::Match(e.into()))?;
        crosstable.extend(versus_rows(&counts, Some(m.spec.seat_mode()), None));
        pairs.merge(&Counts { pairs: counts.pairs, rankings: counts.rankings, ..Counts::default() });
    }
    let ratings = rating_rows(&pairs, &spec.bots, Some(SeatMode::Rotate));
    write_atomic(out, files::SPEC, spec.to_toml().as_bytes())?;
    let mut csv = Vec::new();
    write_crosstable(&crosstable, &mut csv).map_err(OutputError::csv(CROSSTABLE))?;
    write_atomic(out, CROSSTABLE, &csv)?;
    let mut csv = Vec::new();
    write_ratings(&ratings, &mut csv).map_err(OutputError::csv(files::RATINGS))?;
    write_atomic(out, files::RATINGS, &csv)?;
    let skill = skill_rows(std::slice::from_ref(&pairs));
    let mut csv = Vec::new();
    write_skill(&skill, &mut csv).map_err(OutputError::csv(files::SKILL))?;
    write_atomic(out, files::SKILL, &csv)?;
    Ok(Standings { crosstable, ratings, skill })
}

/// Writes the cross-table as CSV: the columns of `versus.csv`, one row per match and count.
fn write_crosstable(rows: &[VersusRow], out: impl Write) -> csv::Result<()> {
    crate::stats::write_versus(rows, out)
}

/// The cross-table for the terminal, one block per player count: a row per bot, a column per
/// opponent, each cell the row bot's mean score per game in percent (as bot A of that match, alone
/// against a field of the column bot; at two players, 100% minus the column bot's score when
/// only that order was played).
pub fn crosstable_text(rows: &[VersusRow], bots: &[String]) -> String {
    let mut counts: Vec<usize> = rows.iter().map(|r| r.players).collect();
    counts.dedup();
    let width = bots.iter().map(|b| b.len()).max().unwrap_or(0).max(8);
    let mut text = String::new();
    for p in counts {
        text += &format!("{:<width$}", format!("{p} players"));
        bots.iter().for_each(|b| text += &format!("  {b:>width$}"));
        text += "\n";
        for a in bots {
            text += &format!("{a:<width$}");
            for b in bots {
                let row =
                    |x: &String, y: &String| rows.iter().find(|r| r.players == p && &r.bot_a == x && &r.bot_b == y);
                // At two players a match's rotations are symmetric: B's score is 1 − A's.
                let score = match (row(a, b), row(b, a)) {
                    (Some(r), _) => r.score,
                    (None, Some(r)) if p == 2 => r.score.map(|s| 1.0 - s),
                    _ => None,
                };
                let cell = score.map_or("-".into(), |s| format!("{:.1}%", 100.0 * s));
                text += &format!("  {cell:>width$}");
            }
            text += "\n";
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(bots: &str, players: &str) -> Spec {
        toml::from_str(&format!("game = 'mow'\nplayers = {players}\nbots = [{bots}]\n")).unwrap()
    }

    fn pairs(spec: &Spec, league: League) -> Vec<String> {
        matches(spec, league).unwrap().into_iter().map(|m| format!("{} {}", m.dir, m.spec.bots.join(","))).collect()
    }

    #[test]
    fn round_robins_play_every_pair_and_both_orders_above_two_seats() {
        let three = "'a', 'b', 'mcts:c=2'";
        assert_eq!(
            pairs(&spec(three, "2"), League::RoundRobin),
            ["01-a-vs-b a,b", "02-a-vs-mcts_c_2 a,mcts:c=2", "03-b-vs-mcts_c_2 b,mcts:c=2"]
        );
        assert_eq!(pairs(&spec(three, "[2, 3]"), League::RoundRobin).len(), 6);
        assert_eq!(pairs(&spec(three, "3"), League::Gauntlet), ["01-a-vs-b a,b", "02-a-vs-mcts_c_2 a,mcts:c=2"]);
        let m = &matches(&spec(three, "[3, 4]"), League::Gauntlet).unwrap()[0].spec;
        assert_eq!((m.players.clone(), m.tournament), (spec(three, "[3, 4]").players, None));
        assert!(matches(&spec("'a'", "2"), League::RoundRobin).unwrap_err().to_string().contains("at least two bots"));
        assert!(
            matches(&spec("'a', 'b', 'a'", "2"), League::Gauntlet)
                .unwrap_err()
                .to_string()
                .contains("`a` is listed twice")
        );
    }
}
