//! `meeple report`: tables and plots from a run directory.

use std::path::Path;

/// Writes the report of the run in `dir`, prints it and the files written.
///
/// # Errors
/// What [`meeple::report::report`] returns.
pub fn report(dir: &Path) -> anyhow::Result<()> {
    let r = meeple::report::report(dir)?;
    r.warnings.iter().for_each(|w| eprintln!("warning: {w}"));
    print!("{}", r.text());
    let written = std::iter::once(dir.join(meeple::report::REPORT_FILE)).chain(r.plots);
    println!("wrote {}", written.map(|p| p.display().to_string()).collect::<Vec<_>>().join(", "));
    Ok(())
}
