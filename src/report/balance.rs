//! The balance verdicts of a run ([`crate::stats::balance`]) as the console and `report.md` show
//! them: one line per label and player count for the win rates (shares of games, for a game
//! label), and one for the mean scores of a game with scores.

use super::Table;
use crate::stats::Counts;
use crate::stats::balance::{balance, score_verdict, setup_game_lines, verdict};

/// The verdict lines of `counts`, win rates then (with scores) mean scores of each label, then
/// a line per setup game label (no verdict, [`setup_game_lines`]).
pub fn balance_lines(counts: &Counts) -> Vec<String> {
    let mut lines = Vec::new();
    for b in balance(counts) {
        lines.push(verdict(&b));
        lines.extend(counts.scoring.as_ref().and_then(|s| score_verdict(&b, &s.unit, s.higher_is_better)));
    }
    lines.extend(setup_game_lines(counts));
    if !lines.is_empty() {
        lines.extend(forfeit_lines(counts));
    }
    lines
}

/// A line per player count with forfeited games: how they count in the verdicts (README,
/// "Forfeits"), e.g. `3 players: 30 games were forfeited by a bot; scored as losses (the
/// default), each is the forfeiting seat's loss and a shared win of the others, which these
/// verdicts (sole wins) do not count as a win; --forfeit exclude leaves them out`.
fn forfeit_lines(counts: &Counts) -> Vec<String> {
    counts
        .groups
        .iter()
        .filter(|(k, g)| k.label == "all" && g.forfeits > 0)
        .map(|(k, g)| {
            format!(
                "{} players: {} games were forfeited by a bot; scored as losses (the default), each is the forfeiting \
                 seat's loss and a shared win of the others, which these verdicts (sole wins) do not count as a win; \
                 --forfeit exclude leaves them out",
                k.players, g.forfeits
            )
        })
        .collect()
}

/// The console's balance section: a header naming the file and methods, then the verdict lines;
/// empty when no label has two values.
pub fn balance_text(counts: &Counts) -> String {
    let lines = balance_lines(counts);
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
pub fn balance_table(counts: &Counts) -> Option<Table> {
    let lines = balance_lines(counts);
    (!lines.is_empty()).then(|| Table {
        title: "balance verdicts (balance.csv; methods in README, \"Balance verdicts\")".into(),
        header: vec!["verdict".into()],
        rows: lines.into_iter().map(|l| vec![l]).collect(),
    })
}
