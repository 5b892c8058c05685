//! `meeple replay`: one game of a run, action by action.

use std::path::PathBuf;

use anyhow::{Context, bail};
use meeple::registry::find;
use meeple::replay::Format;
use meeple::tournament::{PlayerCounts, Spec, files};

use super::args::ReplayArgs;

/// Replays one game and prints it in the chosen format.
pub fn replay(a: ReplayArgs) -> anyhow::Result<()> {
    let (spec, players) = match a.source {
        Some(source) => {
            let file = spec_file(&source)?;
            let spec = Spec::from_file(&file)?;
            let dir = file.parent().unwrap_or(std::path::Path::new("."));
            for change in meeple::tournament::changed_profiles(dir, &spec.bots, &a.bots_dir)? {
                eprintln!(
                    "warning: {change}: this replay uses the bot as it is now and may differ from the game the \
                     run counted (games.csv); restore the profile to replay that game"
                );
            }
            (spec, a.players)
        }
        None => {
            (a.spec.expect("clap requires --game without a source").into_spec(a.players.map(PlayerCounts::One))?, None)
        }
    };
    let game = find(&spec.game)?;
    let r = (game.replay)(&spec, players, a.index, &a.bots_dir)?;
    let out = std::io::stdout().lock();
    match a.format {
        Format::Text => r.write_text(out),
        Format::Jsonl => r.write_jsonl(out),
    }
    .context("writing the replay")
}

/// The spec file of `source`: the `spec.toml` of a run directory, or `source` itself.
fn spec_file(source: &std::path::Path) -> anyhow::Result<PathBuf> {
    if !source.exists() {
        bail!("no run directory or spec file at {}", source.display());
    }
    let file = if source.is_dir() { source.join(files::SPEC) } else { source.to_path_buf() };
    if !file.is_file() {
        if let Some(e) = meeple::tournament::unfinished(source) {
            return Err(e.into());
        }
        bail!("{} has no {}: give the directory a run wrote", source.display(), files::SPEC);
    }
    Ok(file)
}
