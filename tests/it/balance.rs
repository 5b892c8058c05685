//! Balance verdicts and cross-tabulations recounted from `games.csv` (issue 40, items 4, 5, 8).

use meeple::stats::{Z_95, wilson_interval};

use super::common::meeple;

/// The rows of a CSV file as maps from its header.
fn rows(path: &std::path::Path) -> Vec<std::collections::HashMap<String, String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    r.records().map(|rec| header.iter().cloned().zip(rec.unwrap().iter().map(String::from)).collect()).collect()
}

fn close(a: f64, b: f64, tol: f64, what: &str) {
    assert!((a - b).abs() <= tol, "{what}: {a} vs {b}");
}

/// President has one winner per game, so the seats' fair share is 1/4 and the omnibus is
/// Pearson's goodness-of-fit test of the winners' seats; the gap intervals are Wilson intervals
/// minus 1/4, the tests binomial score tests, Holm-adjusted; the verdict line names the extremes.
#[test]
fn seat_balance_recounts_from_games_csv() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "president", "--players", "4", "--bots", "random", "--games", "400", "--seed", "5"];
    let out = meeple(&[&args[..], &["--per-game", "--quiet", "--out", "run"]].concat(), tmp.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let games = rows(&tmp.path().join("run/games.csv"));
    let finished: Vec<_> = games.iter().filter(|g| g["truncated"] == "false").collect();
    let g = finished.len() as f64;
    let wins: Vec<f64> = (0..4)
        .map(|s| {
            finished.iter().filter(|row| row[&format!("seat{s}_reward")].parse::<f64>().unwrap() >= 1.0).count() as f64
        })
        .collect();
    assert_eq!(wins.iter().sum::<f64>(), g, "one winner per game");
    let pearson: f64 = wins.iter().map(|w| (w - g / 4.0).powi(2) / (g / 4.0)).sum();
    let z: Vec<f64> = wins.iter().map(|w| (w / g - 0.25) / (0.25 * 0.75 / g).sqrt()).collect();
    let p: Vec<f64> = z.iter().map(|z| libm::erfc(z.abs() / std::f64::consts::SQRT_2)).collect();
    // Holm by hand: sorted p-values times 4, 3, 2, 1, running maximum.
    let mut order: Vec<usize> = (0..4).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut holm = [0.0; 4];
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((4 - rank) as f64 * p[i]).min(1.0));
        holm[i] = running;
    }
    let balance = rows(&tmp.path().join("run/balance.csv"));
    let seats: Vec<_> = balance.iter().filter(|r| r["label"] == "seat" && r["players"] == "4").collect();
    assert_eq!(seats.len(), 4);
    for (s, r) in seats.iter().enumerate() {
        let f = |k: &str| r[k].parse::<f64>().unwrap();
        assert_eq!((r["reference_kind"].as_str(), f("reference")), ("fair share", 0.25));
        close(f("chi2"), pearson, 1e-6, "chi2");
        assert_eq!(r["chi2_df"], "3");
        close(f("gap"), wins[s] / g - 0.25, 1e-6, "gap");
        let (lo, hi) = wilson_interval(wins[s] as u64, g as u64, Z_95);
        close(f("gap_low"), lo - 0.25, 1e-6, "gap_low");
        close(f("gap_high"), hi - 0.25, 1e-6, "gap_high");
        close(f("p"), p[s], 1e-3 * p[s], "p");
        close(f("p_holm"), holm[s], 1e-3 * holm[s], "p_holm");
    }
    // The verdict line on the console: the seats with the largest and smallest wins.
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let line = stdout.lines().find(|l| l.trim_start().starts_with("seat, 4 players:")).unwrap().trim().to_string();
    let top = (0..4).fold(0, |b, s| if wins[s] > wins[b] { s } else { b });
    let bottom = (0..4).fold(0, |b, s| if wins[s] < wins[b] { s } else { b });
    let pp = |x: f64| format!("{:+.1}", 100.0 * x).replace('-', "−");
    let (lo, hi) = wilson_interval(wins[top] as u64, g as u64, Z_95);
    let strongest = format!("strongest {top} {} pp [{}, {}]", pp(wins[top] / g - 0.25), pp(lo - 0.25), pp(hi - 0.25));
    if line.contains("unequal") {
        assert!(line.contains(&strongest), "{line} lacks {strongest}");
        assert!(line.contains(&format!("; weakest {bottom} ")), "{line}");
    } else {
        assert!(line.starts_with("seat, 4 players: no difference found (p = "), "{line}");
    }
}

/// `report --by` recounts the seats' wins of `games.csv` per pair of values, and its cells of
/// one label sum to that label's rows of `summary.csv`.
#[test]
fn crosstab_cells_sum_to_the_summary_rows() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "bang", "--players", "5", "--bots", "random", "--games", "150", "--seed", "9"];
    assert!(meeple(&[&args[..], &["--per-game", "--quiet", "--out", "run"]].concat(), tmp.path()).status.success());
    let out = meeple(&["report", "run", "--by", "role,seat"], tmp.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(tmp.path().join("run/crosstab_role_seat_5p.svg").is_file());
    let cells = rows(&tmp.path().join("run/crosstab_role_seat.csv"));
    let summary = rows(&tmp.path().join("run/summary.csv"));
    for r in summary.iter().filter(|r| r["label"] == "role") {
        let (games, wins) = cells.iter().filter(|c| c["role"] == r["value"]).fold((0u64, 0u64), |(g, w), c| {
            (g + c["games"].parse::<u64>().unwrap(), w + c["wins"].parse::<u64>().unwrap())
        });
        assert_eq!((games.to_string(), wins.to_string()), (r["games"].clone(), r["wins"].clone()), "{}", r["value"]);
    }
    let bad = meeple(&["report", "run", "--by", "role"], tmp.path());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--by takes two labels"));
}
