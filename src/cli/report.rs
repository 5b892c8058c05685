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
