//! The research workflow of the runner (issue 18): safe default seating, self-contained runs,
//! deal-clustered intervals, spec overrides, A against a field of B, tournaments.

use std::path::Path;

use meeple::games::connect4::ConnectFour;
use meeple::stats::{VersusRow, versus_rows};
use meeple::tournament::{Plan, RunOptions, SeatMode, Spec, files, prepare_output};

/// Runs `spec` (TOML text) for Connect Four into `out` with profiles from `profiles`; returns the
/// resolved spec and its versus row.
fn versus(text: &str, out: &Path, profiles: &Path) -> (Spec, VersusRow) {
    let spec: Spec = toml::from_str(text).unwrap();
    let opts = RunOptions { threads: Some(1), quiet: true, profile_dir: profiles.to_path_buf() };
    prepare_output(out).unwrap();
    let plan = Plan::<ConnectFour>::new(&spec, profiles).unwrap();
    let counts = plan.run(out, &opts).unwrap();
    let row = versus_rows(&counts, plan.spec.seats, None).remove(0);
    (plan.spec, row)
}

/// One bot under two names (`random` and a profile `uniform` of kind random): under the default
/// seating, rotation over paired deals, the 95% interval of the score contains 1/2 in all but at
/// most 2 of 20 seeded runs (about 1 expected by chance); with `seats = "fixed"` given
/// explicitly, Connect Four's first-seat advantage (about 56% for random play) shows in every run.
#[test]
fn identical_bots_show_no_difference_under_the_default_seating() {
    let tmp = tempfile::tempdir().unwrap();
    let profiles = tmp.path().join("bots");
    std::fs::create_dir(&profiles).unwrap();
    std::fs::write(profiles.join("uniform.toml"), "kind = 'random'\n").unwrap();
    let significant = |seats: &str| {
        (1..=20)
            .filter(|seed| {
                let text =
                    format!("game = 'connect4'\nbots = ['random', 'uniform']\ngames = 4000\nseed = {seed}\n{seats}");
                let out = tmp.path().join(format!("{seats}{seed}").replace(['\n', ' ', '\'', '='], ""));
                let (spec, row) = versus(&text, &out, &profiles);
                let expected = if seats.is_empty() { SeatMode::Rotate } else { SeatMode::Fixed };
                assert_eq!((spec.seats, row.seats), (Some(expected), Some(expected)));
                let versus = std::fs::read_to_string(out.join(files::VERSUS)).unwrap();
                let seats_column = format!("\n2,{expected},random,uniform,");
                assert!(versus.starts_with("players,seats,bot_a,") && versus.contains(&seats_column), "{versus}");
                !(row.score_low.unwrap()..=row.score_high.unwrap()).contains(&0.5)
            })
            .count()
    };
    let by_default = significant("");
    assert!(by_default <= 2, "{by_default} of 20 runs tell one bot from itself");
    assert_eq!(significant("seats = 'fixed'\n"), 20, "the first seat's advantage counts as strength");
}
