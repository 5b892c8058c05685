//! The balance verdicts of a run ([`crate::stats::balance`]) as the console and `report.md` show
//! them: one line per label and player count for the win rates (shares of games, for a game
//! label), and one for the mean scores of a game with scores.

use super::Table;
use crate::stats::balance::{balance, score_verdict, setup_game_lines, verdict};
use crate::stats::{Counts, SeatMode};

/// The verdict lines of `counts`, win rates then (with scores) mean scores of each label, then
/// a line per setup game label (no verdict, [`setup_game_lines`]).
pub fn balance_lines(counts: &Counts, seats: Option<SeatMode>) -> Vec<String> {
    let mut lines = Vec::new();
    for b in balance(counts) {
        let note = confounded(counts, seats, &b);
        lines.push(verdict(&b) + &note);
        lines.extend(
            counts.scoring.as_ref().and_then(|s| score_verdict(&b, &s.unit, s.higher_is_better)).map(|l| l + &note),
        );
    }
    lines.extend(setup_game_lines(counts));
    if !lines.is_empty() {
        lines.extend(forfeit_lines(counts));
    }
    lines
}

/// For the `seat` label of a run with fixed seats and two or more distinct bots at its player
/// count: `; confounded with the bot: …`, appended to its verdict lines (each bot keeps its seat,
/// so a seat's rate is also its bot's; the run-level caveat says the same of the bots). Empty
/// otherwise.
fn confounded(counts: &Counts, seats: Option<SeatMode>, b: &crate::stats::balance::LabelBalance) -> String {
    let bots: Vec<&str> =
        counts.groups.keys().filter(|k| k.players == b.players && k.label == "bot").map(|k| k.value.as_str()).collect();
    if b.label != "seat" || seats != Some(SeatMode::Fixed) || bots.len() < 2 {
        return String::new();
    }
    format!(
        "; confounded with the bot: seats are fixed with {} distinct bots ({}), so each seat's figures are also \
         its bot's (--seats rotate separates them)",
        bots.len(),
        bots.join(", ")
    )
}

/// A line per player count with forfeited games: how they count in the verdicts (README,
/// "Forfeits"), by the run's forfeit mode (forfeits scored as losses are `forfeits_scored` of
/// `all`) and seat count, e.g. `3 players: 30 games were forfeited by a bot; scored as losses
/// (the default), each is the forfeiting seat's loss and a shared win of the others, which these
/// verdicts (sole wins) do not count as a win; --forfeit exclude leaves them out`.
fn forfeit_lines(counts: &Counts) -> Vec<String> {
    counts
        .groups
        .iter()
        .filter(|(k, g)| k.label == "all" && g.forfeits > 0)
        .map(|(k, g)| {
            let how = match (g.forfeits_scored > 0, k.players) {
                (false, _) => {
                    "left out (--forfeit exclude): these verdicts count only the games without a forfeit; \
                               --forfeit loss (the default) would score each as the forfeiting seat's loss"
                }
                (true, 2) => {
                    "scored as losses (the default), each is the forfeiting seat's loss and the opponent's \
                              win, which these verdicts count; --forfeit exclude leaves them out"
                }
                (true, _) => {
                    "scored as losses (the default), each is the forfeiting seat's loss and a shared win of \
                              the others, which these verdicts (sole wins) do not count as a win; --forfeit exclude \
                              leaves them out"
                }
            };
            format!("{} players: {} games were forfeited by a bot; {how}", k.players, g.forfeits)
        })
        .collect()
}

/// The console's balance section: a header naming the file and methods, then the verdict lines;
/// empty when no label has two values.
pub fn balance_text(counts: &Counts, seats: Option<SeatMode>) -> String {
    let lines = balance_lines(counts, seats);
    if lines.is_empty() {
        return String::new();
    }
    let mut out = "balance (balance.csv): each value against the fair share or the label's overall rate, \
                   95% intervals over deals; omnibus chi-square, Holm-adjusted tests against the rest\n"
        .to_string();
    lines.iter().for_each(|l| out += &format!("  {l}\n"));
    out
}

/// `report.md`'s balance table: one row per verdict line; `None` when there is none.
pub fn balance_table(counts: &Counts, seats: Option<SeatMode>) -> Option<Table> {
    let lines = balance_lines(counts, seats);
    (!lines.is_empty()).then(|| Table {
        title: "balance verdicts (balance.csv; methods in README, \"Balance verdicts\")".into(),
        header: vec!["verdict".into()],
        rows: lines.into_iter().map(|l| vec![l]).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{GroupCounts, GroupKey};

    /// Counts at `players` seats with 10 forfeits among 40 games, `scored` of them scored as
    /// losses (`--forfeit loss`: all 10; `--forfeit exclude`: none).
    fn forfeited(players: usize, scored: u64) -> Counts {
        let key = |label: &str, value: &str| GroupKey { players, label: label.into(), value: value.into() };
        let mut c = Counts::default();
        let all = GroupCounts { games: 40, forfeits: 10, forfeits_scored: scored, ..Default::default() };
        c.groups.insert(key("all", "all"), all);
        c.groups.insert(key("seat", "0"), GroupCounts { games: 40, wins: 20, ..Default::default() });
        c.groups.insert(key("seat", "1"), GroupCounts { games: 40, wins: 20, ..Default::default() });
        c
    }

    /// The forfeit line says what happened to the forfeits: at two seats scored as the
    /// opponent's (counted) win, at three a shared win the verdicts do not count as a win, and
    /// under `--forfeit exclude` left out.
    #[test]
    fn the_forfeit_line_says_how_forfeits_counted_by_mode_and_seat_count() {
        let line = |players, scored| forfeit_lines(&forfeited(players, scored));
        assert_eq!(
            line(2, 10),
            ["2 players: 10 games were forfeited by a bot; scored as losses (the default), each is the forfeiting \
              seat's loss and the opponent's win, which these verdicts count; --forfeit exclude leaves them out"]
        );
        assert_eq!(
            line(3, 10),
            ["3 players: 10 games were forfeited by a bot; scored as losses (the default), each is the forfeiting \
              seat's loss and a shared win of the others, which these verdicts (sole wins) do not count as a win; \
              --forfeit exclude leaves them out"]
        );
        for players in [2, 3] {
            assert_eq!(
                line(players, 0),
                [format!(
                    "{players} players: 10 games were forfeited by a bot; left out (--forfeit exclude): these \
                     verdicts count only the games without a forfeit; --forfeit loss (the default) would score each \
                     as the forfeiting seat's loss"
                )]
            );
        }
    }
}
