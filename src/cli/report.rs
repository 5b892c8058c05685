//! `meeple report`: tables and plots from a run directory.

use std::path::Path;

use super::Msg;

/// Writes the report of the run in `dir`, prints it and the files written; with `by` (`A,B`),
/// the cross-tabulation of labels `A` and `B` instead.
///
/// # Errors
/// What [`meeple::report::report`] or [`meeple::report::crosstab_report`] returns; `by` is not
/// two labels separated by a comma.
pub fn report(dir: &Path, by: Option<&str>) -> anyhow::Result<()> {
    if let Some(by) = by {
        let Some((a, b)) = by.split_once(',').filter(|(a, b)| !a.is_empty() && !b.is_empty() && !b.contains(','))
        else {
            anyhow::bail!("--by takes two labels separated by a comma, e.g. wonder,seat (got `{by}`)");
        };
        let (table, written) = meeple::report::crosstab_report(dir, a.trim(), b.trim()).msg()?;
        print!("{}", table.text());
        println!("wrote {}", written.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", "));
        return Ok(());
    }
    let r = meeple::report::report(dir)?;
    r.warnings.iter().for_each(|w| eprintln!("warning: {w}"));
    print!("{}", r.text());
    let written = std::iter::once(dir.join(meeple::report::REPORT_FILE)).chain(r.plots);
    println!("wrote {}", written.map(|p| p.display().to_string()).collect::<Vec<_>>().join(", "));
    Ok(())
}

/// `meeple skill DIR…`: skill depth from several run folders of one game (a gauntlet, or runs of
/// lineups such as `greedy,random`, `ismcts,greedy`, `ismcts,random`): the pooled pairwise results
/// of each two distinct bots per player count and their win-rate gap with its 95% interval
/// ([`meeple::stats::skill::skill_rows`]), printed as CSV and written to `out` if given, with its
/// plot beside it (`out` with the extension `.svg`, [`meeple::report::skill_plot`]).
///
/// # Errors
/// A folder without `counts.json`, folders of different games, or `out` cannot be written.
pub fn skill(dirs: &[std::path::PathBuf], out: Option<&Path>) -> anyhow::Result<()> {
    use meeple::tournament::{Spec, files, read_counts};
    let mut runs = Vec::new();
    let mut game: Option<(String, &Path)> = None;
    for dir in dirs {
        runs.push(read_counts(dir)?);
        let spec = dir.join(files::SPEC);
        if spec.is_file() {
            let name = Spec::from_file(&spec)?.game;
            match &game {
                Some((g, first)) if *g != name => anyhow::bail!(
                    "{} holds a run of {name}, {} one of {g}: skill depth compares bots on one game",
                    dir.display(),
                    first.display()
                ),
                Some(_) => {}
                None => game = Some((name, dir)),
            }
        }
    }
    let rows = meeple::stats::skill::skill_rows(&runs);
    if rows.is_empty() {
        anyhow::bail!("no two distinct bots met in these runs: skill depth needs lineups of two bots or more");
    }
    let mut csv = Vec::new();
    meeple::stats::skill::write_skill(&rows, &mut csv)?;
    print!("{}", String::from_utf8_lossy(&csv));
    if let Some(out) = out {
        if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|e| anyhow::anyhow!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(out, &csv).map_err(|e| anyhow::anyhow!("writing {}: {e}", out.display()))?;
        let svg = out.with_extension("svg");
        let name = game.as_ref().map_or("skill", |g| g.0.as_str());
        meeple::report::skill_plot(&svg, name, &rows)?;
        println!("wrote {}, {}", out.display(), svg.display());
    }
    Ok(())
}
