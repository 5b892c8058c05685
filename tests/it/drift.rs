//! The committed figures cannot drift from the code: `results/mow-check` (a small MOW study, a
//! few seconds) is run again from its `spec.toml` and its `summary.csv`, `versus.csv` and
//! `ratings.csv` must equal the committed files byte for byte. A change that moves them (a rule,
//! a bot, a label, a statistic) shows here; regenerate the folder with the command in its README
//! and say why the figures moved.

use std::path::Path;

use crate::common::meeple;

#[test]
fn the_committed_mow_check_study_reruns_byte_for_byte() {
    let study = Path::new(env!("CARGO_MANIFEST_DIR")).join("results/mow-check");
    let tmp = tempfile::tempdir().unwrap();
    let spec = study.join("spec.toml");
    let out = meeple(&["run", spec.to_str().unwrap(), "--out", "out", "--quiet"], tmp.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for file in ["summary.csv", "versus.csv", "ratings.csv"] {
        let committed = std::fs::read_to_string(study.join(file)).unwrap();
        let rerun = std::fs::read_to_string(tmp.path().join("out").join(file)).unwrap();
        assert!(
            committed == rerun,
            "results/mow-check/{file} differs from a rerun of its spec: regenerate the folder (its README) \
             and say in the commit why the figures moved"
        );
    }
}
