//! `meeple puzzles` (spec "Labels for statistics", per puzzle, and "Statistics to report"): rows
//! and statistics, byte-identical outputs for any thread count, and bad input.

use meeple::game::rng_from_seed;
use meeple::games::laserreflection::Config;
use meeple::games::laserreflection::study::{COLUMNS, Summary, percentile, puzzle_row};
use meeple::puzzles::{Study, files};

fn study(grids: &[u8], items: &[u8], count: u64) -> Study {
    Study {
        game: "laserreflection".into(),
        options: toml::Table::new(),
        grids: grids.to_vec(),
        items: items.to_vec(),
        count,
        seed: 7,
    }
}

#[test]
fn rows_hold_the_spec_columns() {
    let config = Config { grid_size: 5, items: 5, ..Config::default() };
    let row = puzzle_row(&config, &mut rng_from_seed(3));
    let fields = row.fields(&config);
    assert_eq!(fields.len(), COLUMNS.len());
    let get = |name: &str| fields[COLUMNS.iter().position(|c| *c == name).unwrap()].clone();
    let colours: u32 =
        ["clues_green", "clues_yellow", "clues_grey"].iter().map(|c| get(c).parse::<u32>().unwrap()).sum();
    assert_eq!(colours, 20, "4N clues");
    assert_eq!((get("n"), get("k")), ("5".to_string(), "5".to_string()));
    let items: u32 = COLUMNS.iter().filter(|c| c.starts_with("items_")).map(|c| get(c).parse::<u32>().unwrap()).sum();
    assert_eq!(items, 5);
    assert!(row.solutions >= 1 && !row.capped, "the hidden grid is a solution");
    assert!(row.nodes_first.unwrap() <= row.nodes);
}

#[test]
fn percentiles_are_nearest_rank_and_capped_puzzles_censored() {
    let v: Vec<u64> = (1..=100).collect();
    assert_eq!([10, 50, 90, 99].map(|p| percentile(&v, p)), [10, 50, 90, 99]);
    assert_eq!(percentile(&[5], 99), 5);
    let config = Config { grid_size: 6, items: 8, ref_node_cap: 150, ..Config::default() };
    let rows: Vec<_> = (0..40).map(|i| puzzle_row(&config, &mut rng_from_seed(i))).collect();
    let s = Summary::of(&rows, 150);
    assert!(s.nodes[3] <= 150 && s.capped > 0.0 && s.capped < 1.0, "{s:?}");
    let uncapped = rows.iter().filter(|r| !r.capped).count();
    assert!((s.unique - rows.iter().filter(|r| r.unique).count() as f64 / uncapped as f64).abs() < 1e-12);
    assert!((s.colour_shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
}

#[test]
fn outputs_are_byte_identical_for_any_thread_count() {
    let s = study(&[4, 5], &[3, 5], 300);
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let ra = s.run(a.path(), Some(1), true).unwrap();
    s.run(b.path(), Some(3), true).unwrap();
    for f in files::ALL {
        let (x, y) = (std::fs::read(a.path().join(f)).unwrap(), std::fs::read(b.path().join(f)).unwrap());
        assert!(x == y, "{f} differs between 1 and 3 threads");
    }
    assert_eq!(ra.len(), 4);
    let csv = std::fs::read_to_string(a.path().join(files::PUZZLES)).unwrap();
    assert_eq!(csv.lines().count(), 1 + 4 * 300);
    let summary = std::fs::read_to_string(a.path().join(files::SUMMARY)).unwrap();
    assert_eq!(summary.lines().count(), 5);
    assert!(summary.starts_with("n,items,black_holes,warps,shapes,partial,ref_node_cap,puzzles,k,ref_nodes_p10"));
    // 4×4 with K 3: about 90% green, 2% grey (spec "Sanity ranges": 0.88 / 0.10 / 0.02).
    let g = ra[0].summary.colour_shares[0];
    assert!((0.8..0.95).contains(&g), "green share {g}");
}

#[test]
fn bad_studies_are_refused_with_a_reason() {
    let mut s = study(&[8], &[10], 10);
    s.game = "bang".into();
    assert!(s.settings().unwrap_err().to_string().contains("laserreflection only"));
    let e = study(&[13], &[10], 10).settings().unwrap_err().to_string();
    assert!(e.contains("grid_size") && e.contains("4 to 12"), "{e}");
    let mut s = study(&[8], &[10], 10);
    s.options.insert("items".into(), toml::Value::Integer(4));
    assert!(s.settings().unwrap_err().to_string().contains("--items"));
    assert!(study(&[8], &[10], 0).settings().unwrap_err().to_string().contains("--count is 0"));
    let mut s = study(&[8], &[10], 10);
    s.options.insert("shapes".into(), toml::Value::String("hexagons".into()));
    assert_eq!(
        s.settings().unwrap_err().to_string(),
        r#"bad option for laserreflection: shapes must be "none", "squares", "triangles" or "both" (default "squares"), not "hexagons""#
    );
    // Play-only options are refused, not silently ignored.
    for (k, v) in [("rounds", 5), ("challenge", 10), ("max_edits", 5)] {
        let mut s = study(&[8], &[10], 10);
        s.options.insert(k.into(), toml::Value::Integer(v));
        let e = s.settings().unwrap_err().to_string();
        assert!(e.contains(&format!("option `{k}` applies to play only")), "{e}");
    }
}

/// `--quiet` hides the progress lines (stderr) and keeps the closing `wrote` line, as `play
/// --quiet` does (which keeps its tables and its `wrote` line too).
#[test]
fn quiet_hides_the_progress_lines_and_keeps_the_wrote_line() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["puzzles", "--game", "laserreflection", "--grid", "4", "--items", "3", "--count", "5"];
    let run = |extra: &[&str]| crate::common::meeple(&[&args[..], extra].concat(), tmp.path());
    let loud = run(&["--out", "loud"]);
    assert!(loud.status.success());
    assert!(String::from_utf8_lossy(&loud.stderr).starts_with("setting 0: 4x4 K 3: "));
    let quiet = run(&["--out", "quiet", "--quiet"]);
    assert!(quiet.status.success());
    assert_eq!(String::from_utf8_lossy(&quiet.stderr), "");
    let wrote = "wrote quiet/{puzzles.csv, summary.csv, report.md, ref_nodes.svg}\n";
    assert_eq!(String::from_utf8_lossy(&quiet.stdout), wrote);
    let play = ["play", "--game", "laserreflection", "--players", "1", "--games", "1", "--quiet", "--out", "p"];
    let played = crate::common::meeple(&play, tmp.path());
    assert!(String::from_utf8_lossy(&played.stdout).lines().last().unwrap().starts_with("wrote p/{"));
}

/// A second study into the directory of a first is refused, and the first study's rows are kept
/// (it used to be overwritten without a word).
#[test]
fn a_study_never_overwrites_an_earlier_one() {
    let dir = tempfile::tempdir().unwrap();
    study(&[4], &[3], 20).run(dir.path(), Some(1), true).unwrap();
    let before = std::fs::read(dir.path().join(files::PUZZLES)).unwrap();
    let err = study(&[4], &[3], 2).run(dir.path(), Some(1), true).unwrap_err().to_string();
    assert!(err.contains("already holds a puzzle study") && err.contains("choose another --out"), "{err}");
    assert_eq!(std::fs::read(dir.path().join(files::PUZZLES)).unwrap(), before);
}
