//! `meeple list`: the games (player counts, scores, options, labels with their meaning), the
//! bots (parameters) and the commands (what each does).

use std::fmt::Write;

use meeple::labels::{Field, names_line};
use meeple::registry::GAMES;
use meeple::stats::ScoreUnit;

/// The width the commands' descriptions are wrapped to.
const COMMAND_LINE_WIDTH: usize = 100;

/// The widest label name the label column is widened for.
const MAX_NAME_WIDTH: usize = 24;

/// The text `meeple list` prints; `commands` are the command line's subcommands (`clap`'s), each
/// listed with its doc comment.
///
/// # Errors
/// A game whose default options do not give its player counts (a bug in its registration).
pub fn list(commands: &clap::Command) -> anyhow::Result<String> {
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
        let groups = [("seat", g.seat_label_fields), ("game", g.game_label_fields)];
        // One column for the game's label names; long item ranges (`appian_way …
        // temple_of_artemis (12)`) overflow it.
        let name = |f: &Field| names_line(std::slice::from_ref(f));
        let fields = groups.iter().flat_map(|(_, fields)| fields.iter());
        let name_width = fields.map(|f| name(f).chars().count()).filter(|&w| w <= MAX_NAME_WIDTH).max().unwrap_or(0);
        for (whose, fields) in groups {
            if fields.is_empty() {
                writeln!(out, "    {whose} labels: none")?;
                continue;
            }
            writeln!(out, "    {whose} labels:")?;
            for f in fields {
                writeln!(out, "      {:<name_width$}  {}", name(f), f.summary())?;
            }
        }
    }
    writeln!(out, "bots (a kind, `kind:key=value,...`, or a profile in bots/):")?;
    for k in meeple::bots::BOT_KINDS {
        writeln!(out, "  {:<10} {}", k.name, k.about)?;
        for (key, about) in k.params {
            writeln!(out, "    {key:<12} {about}")?;
        }
    }
    writeln!(out, "commands (`meeple COMMAND --help` for the flags; README.md for the files they write):")?;
    let subcommands: Vec<&clap::Command> = commands.get_subcommands().filter(|c| c.get_name() != "help").collect();
    let width = subcommands.iter().map(|c| c.get_name().len()).max().unwrap_or(0);
    for c in subcommands {
        let about = c.get_about().map(|a| a.to_string()).unwrap_or_default();
        let mut line = format!("  {:<width$} ", c.get_name());
        for word in about.split_whitespace() {
            if line.len() + word.len() >= COMMAND_LINE_WIDTH {
                writeln!(out, "{line}")?;
                line = " ".repeat(width + 3);
            }
            line.push(' ');
            line.push_str(word);
        }
        writeln!(out, "{line}")?;
    }
    Ok(out)
}
