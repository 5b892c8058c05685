//! `meeple list`: the games (player counts, scores, options) and the bots (parameters).

use std::fmt::Write;

use meeple::registry::GAMES;
use meeple::stats::ScoreUnit;

/// The text `meeple list` prints.
///
/// # Errors
/// A game whose default options do not give its player counts (a bug in its registration).
pub fn list() -> anyhow::Result<String> {
    let mut out = String::from("games (options: `--option key=value`, or a spec's [options] table):\n");
    let width = GAMES.iter().map(|g| g.name.len()).max().unwrap_or(0);
    let key_width = GAMES.iter().flat_map(|g| g.options).map(|o| o.name.len()).max().unwrap_or(0);
    for g in GAMES {
        let r = (g.players)(&toml::Table::new())?;
        let scores = g.scoring.map_or("; no scores".into(), |s| format!("; scores: {}", ScoreUnit::from(s).describe()));
        writeln!(out, "  {:<width$}  {:<11}  {}{scores}", g.name, meeple::game::players_text(&r), g.about)?;
        for o in g.options {
            writeln!(out, "    {:<key_width$}  {}", o.name, o.describe())?;
        }
        for (whose, fields) in [("seat", g.seat_label_fields), ("game", g.game_label_fields)] {
            writeln!(out, "    {whose} labels: {}", meeple::labels::names_line(fields))?;
        }
    }
    writeln!(out, "bots (a kind, `kind:key=value,...`, or a profile in bots/):")?;
    for k in meeple::bots::BOT_KINDS {
        writeln!(out, "  {:<10} {}", k.name, k.about)?;
        for (key, about) in k.params {
            writeln!(out, "    {key:<12} {about}")?;
        }
    }
    Ok(out)
}
